import {
  createContext,
  useCallback,
  useContext,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { StaffErrorCode, type StaffMe } from '@aleph/contracts';
import { serverCode, serverMessage } from '../../api/error-message';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { useReauthMutation } from './admin-endpoints';

/** The signed-in staff member, for what only admins may do (the server checks it again). */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff needs the console (StaffContext)');
  return me;
}

type Confirm = () => Promise<boolean>;
const ReauthContext = createContext<Confirm | null>(null);

/** The server's field of a refusal (a 400's or REAUTH_INVALID's `field`). */
export function serverField(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = error.data as { field?: unknown } | undefined;
  return typeof data?.field === 'string' ? data.field : undefined;
}

/**
 * Runs a staff action. Actions need a session younger than 15 minutes or a password entered
 * in the last 15 (docs/api.md, "Operators"): a 403 REAUTH_REQUIRED asks for the password in
 * "Confirm your password" and then runs the action once more. Cancelled, the refusal stands.
 */
export function useFreshAction() {
  const confirm = useContext(ReauthContext);
  if (!confirm) throw new Error('useFreshAction needs the ReauthProvider');
  return useCallback(
    async <T,>(run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        if (serverCode(error) !== StaffErrorCode.reauthRequired) throw error;
        if (!(await confirm())) throw error;
        return run();
      }
    },
    [confirm],
  );
}

/** The console's re-authentication: one dialog, however many actions wait for it. */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const waiting = useRef<Array<(ok: boolean) => void>>([]);
  const [open, setOpen] = useState(false);
  const confirm = useCallback<Confirm>(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current.push(resolve);
        setOpen(true);
      }),
    [],
  );
  const done = (ok: boolean) => {
    const resolvers = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const resolve of resolvers) resolve(ok);
  };
  return (
    <ReauthContext.Provider value={confirm}>
      {children}
      <ReauthDialog open={open} onDone={done} />
    </ReauthContext.Provider>
  );
}

/**
 * "Confirm your password": the password, and the authentication code once the server asks for
 * it (an account with two-factor: its refusal names the field `code`).
 */
function ReauthDialog({ open, onDone }: { open: boolean; onDone(ok: boolean): void }) {
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [reauth, { isLoading }] = useReauthMutation();

  const finish = (ok: boolean) => {
    setPassword('');
    setCode('');
    setRefusal(undefined);
    onDone(ok);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || isLoading) return;
    setRefusal(undefined);
    try {
      await reauth({ password, ...(code.trim() ? { code: code.trim() } : {}) }).unwrap();
      finish(true);
    } catch (error) {
      if (serverField(error) === 'code') setAskCode(true);
      setRefusal(serverMessage(error) ?? 'The password could not be checked. Please try again.');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => finish(false)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Confirm your password</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Staff actions need a password entered in the last 15 minutes. The action runs once you
              have confirmed.
            </Typography>
            <TextField
              id="reauth-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoFocus
              required
              disabled={isLoading}
            />
            {askCode && (
              <TextField
                id="reauth-code"
                label="Authentication code"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                disabled={isLoading}
              />
            )}
            {refusal && <Alert severity="error">{refusal}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => finish(false)}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            loading={isLoading}
            disabled={!password}
          >
            Confirm
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
