import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode, RESTORE_STATEMENT } from '@aleph/contracts';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus, serverCode, serverMessage } from '../../api/error-message';
import { passwordHint } from '../../lib/account-fields';
import { PasswordField } from '../../lib/password-field';
import { useRestoreWithWalletMutation } from './email-link-endpoints';
import { PASSWORD_CHANGED_NOTE, type LoginNote } from './new-password-screen';
import { useWalletSignature } from './use-wallet-signature';

export const WALLET_MISSING_TEXT =
  'No browser wallet found. Install a wallet extension to restore access with it.';
export const WALLET_DECLINED_TEXT = 'The wallet did not sign. Nothing was changed.';
export const NOT_REGISTERED_TEXT =
  'No account was registered with this wallet. Choose the wallet you registered with.';
export const SIGN_AGAIN_TEXT =
  'The signed message has expired or was already used. Please try again.';
export const SIGNATURE_TEXT = "The wallet's signature could not be checked. Please try again.";

/** docs/screens.md (Restore password): what the player reads after a refused restore. */
function refusalText(error: unknown): string {
  const code = serverCode(error);
  if (code === ErrorCode.walletNotRegistered) return NOT_REGISTERED_TEXT;
  if (code === ErrorCode.signatureInvalid) return SIGNATURE_TEXT;
  if (code === ErrorCode.nonceInvalid || code === ErrorCode.messageInvalid) return SIGN_AGAIN_TEXT;
  if (code === ErrorCode.passwordInvalid) return serverMessage(error) ?? 'Use 8 to 128 characters.';
  if (httpStatus(error) === 429) return 'Too many requests. Please try again later.';
  if (httpStatus(error) === undefined) console.error('Restoring with the wallet failed', error);
  return 'Something went wrong.';
}

/**
 * "Restore with wallet" (docs/api.md, "Password recovery"): a new password, then the wallet the
 * account registered with signs a message saying 'Sign to restore access' with a fresh nonce
 * (the registration's message otherwise), and the server sets the password. Opened by its
 * button, below the e-mail form.
 */
export function RestoreWalletForm() {
  const navigate = useNavigate();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [failure, setFailure] = useState<string>();
  const { wallet, connect } = useWalletSignature(RESTORE_STATEMENT);
  const [restore, { isLoading }] = useRestoreWithWalletMutation();

  const busy = isLoading || wallet.status === 'connecting';
  const mismatch = repeat !== '' && repeat !== password;
  const canSubmit =
    password !== '' && passwordHint(password) === undefined && password === repeat && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFailure(undefined);
    // Each attempt signs afresh: a nonce is good for one request.
    const signed = await connect();
    if (signed.status !== 'connected') {
      setFailure(signed.status === 'missing' ? WALLET_MISSING_TEXT : WALLET_DECLINED_TEXT);
      return;
    }
    try {
      await restore({ message: signed.message, signature: signed.signature, password }).unwrap();
      const state: LoginNote = { note: PASSWORD_CHANGED_NOTE };
      await navigate('/login', { replace: true, state });
    } catch (error) {
      setFailure(refusalText(error));
    }
  };

  if (!open) {
    return (
      <Button
        variant="outlined"
        startIcon={<AccountBalanceWallet />}
        aria-expanded={false}
        aria-controls={formId}
        onClick={() => setOpen(true)}
        fullWidth
      >
        Restore with wallet
      </Button>
    );
  }

  return (
    <Box component="form" id={formId} onSubmit={submit} noValidate aria-label="Restore with wallet">
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h2">
          Restore with wallet
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Choose a new password, then sign a message with the wallet you registered with.
        </Typography>
        <PasswordField
          id="restore-wallet-password"
          label="New password"
          value={password}
          onChange={setPassword}
          disabled={busy}
          autoComplete="new-password"
          autoFocus
          helperText={passwordHint(password) ?? ' '}
        />
        <PasswordField
          id="restore-wallet-repeat"
          label="Repeat password"
          value={repeat}
          onChange={setRepeat}
          disabled={busy}
          autoComplete="new-password"
          error={mismatch}
          helperText={mismatch ? 'Passwords do not match' : ' '}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          startIcon={<AccountBalanceWallet />}
          loading={busy}
          loadingPosition="start"
          disabled={!canSubmit}
          fullWidth
        >
          Sign with wallet and set password
        </Button>
      </Stack>
    </Box>
  );
}
