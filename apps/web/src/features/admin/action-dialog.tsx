import { useId, useState, type FormEvent, type ReactNode } from 'react';
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
import type { StaffActionResult } from '@aleph/contracts';
import { serverMessage } from '../../api/error-message';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { serverField, useFreshAction } from './reauth';

export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const NOTICE_MAX = 2000;

/** What the staff member wrote in every action's two common fields. */
export interface ActionTexts {
  reason: string;
  notice: string;
}

export function reasonProblem(reason: string): string | undefined {
  const length = reason.trim().length;
  if (length < REASON_MIN) return `At least ${REASON_MIN} characters: staff read it later.`;
  if (length > REASON_MAX) return `At most ${REASON_MAX} characters (${length} now).`;
  return undefined;
}

interface ActionDialogProps {
  open: boolean;
  title: string;
  /** The submit button's text, e.g. "Suspend". */
  submitLabel: string;
  /** A sentence under the title: what the action does. */
  description?: ReactNode;
  /** The player is told by inbox: a required "Message to the player" field. */
  told?: boolean;
  /** The action's own fields, above Reason. */
  children?: ReactNode;
  /** Whether the action's own fields hold a valid value (the button stays disabled until). */
  ready?: boolean;
  /** Called with the texts; the request. A refusal naming a field shows at that field. */
  onSubmit(texts: ActionTexts): Promise<StaffActionResult>;
  /** Done: the staff log's row that records it. */
  onDone(result: StaffActionResult): void;
  onClose(): void;
  /** The hint under Reason, where the action shows the reason to players (an alliance's rename). */
  reasonHelp?: string;
  /** Shows a refusal of the action's own fields (`field` is the server's). */
  onFieldError?(field: string, message: string): boolean;
}

/**
 * The frame of every action on a player or a report: the action's fields, a required "Reason"
 * (3 to 500 characters, kept in the staff log, never shown to the player) and, where the
 * player is told, "Message to the player" (what the inbox message says). A stale session asks
 * for the password first (useFreshAction); a refusal shows its sentence and changes nothing.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { open, title, submitLabel, description, told = false, children, ready = true } = props;
  const titleId = useId();
  const fresh = useFreshAction();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [fieldRefusal, setFieldRefusal] = useState<{ field: string; message: string }>();

  const reasonError = reasonProblem(reason);
  const noticeError = told && notice.trim() === '' ? 'The player reads this in the inbox.' : '';
  const noticeTooLong = notice.length > NOTICE_MAX;
  const valid = ready && !reasonError && !noticeError && !noticeTooLong;

  const close = () => {
    setReason('');
    setNotice('');
    setTouched(false);
    setRefusal(undefined);
    setFieldRefusal(undefined);
    props.onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    setBusy(true);
    setRefusal(undefined);
    setFieldRefusal(undefined);
    try {
      const result = await fresh(() =>
        props.onSubmit({ reason: reason.trim(), notice: notice.trim() }),
      );
      setBusy(false);
      close();
      props.onDone(result);
    } catch (error) {
      setBusy(false);
      const message = serverMessage(error) ?? 'The action failed. Please try again.';
      const field = serverField(error);
      if (field === 'reason' || field === 'notice') setFieldRefusal({ field, message });
      else if (!(field && props.onFieldError?.(field, message))) setRefusal(message);
    }
  };

  const reasonHelp =
    fieldRefusal?.field === 'reason'
      ? fieldRefusal.message
      : touched && reasonError
        ? reasonError
        : (props.reasonHelp ?? 'Kept in the staff log; the player never sees it.');
  const noticeHelp =
    fieldRefusal?.field === 'notice'
      ? fieldRefusal.message
      : noticeTooLong
        ? `At most ${NOTICE_MAX} characters (${notice.length} now).`
        : touched && noticeError
          ? noticeError
          : 'The player gets this in the inbox.';

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>
            {description && (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
            {children}
            <TextField
              id={`${titleId}-reason`}
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={2}
              disabled={busy}
              error={fieldRefusal?.field === 'reason' || (touched && !!reasonError)}
              helperText={reasonHelp}
            />
            {told && (
              <TextField
                id={`${titleId}-notice`}
                label="Message to the player"
                value={notice}
                onChange={(event) => setNotice(event.target.value)}
                required
                multiline
                minRows={2}
                disabled={busy}
                error={
                  fieldRefusal?.field === 'notice' || noticeTooLong || (touched && !!noticeError)
                }
                helperText={noticeHelp}
              />
            )}
            {refusal && <Alert severity="error">{refusal}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            loading={busy}
            disabled={!ready}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
