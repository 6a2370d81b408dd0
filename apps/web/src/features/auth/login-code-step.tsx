import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { serverMessage } from '../../api/error-message';
import { postLoginCode, RequestError } from '../../api/session-requests';
import { AuthCard } from './auth-card';
import { FormField } from '../../lib/form-field';

/** The server's sentence for a refused code, else what went wrong in words. */
function refusal(error: unknown): string {
  if (!(error instanceof RequestError)) return 'The server cannot be reached. Please try again.';
  return (
    serverMessage(error) ??
    `The server refused the code (status ${error.status}). Please try again.`
  );
}

/**
 * The login's second step for an account with two-factor on (docs/screens.md, Login): one
 * field for a code of the authenticator app or a recovery code. Its own chunk, downloaded only
 * when a password step asks for it: the login page stays within its budget.
 */
export function LoginCodeStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  /** Back to the password step: `expired` when the server ended the challenge. */
  onRestart: (expired: boolean) => void;
}) {
  const [isLoading, setLoading] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    setError(undefined);
    try {
      await postLoginCode({ code });
      onSignedIn();
    } catch (failure) {
      setLoading(false);
      if (failure instanceof RequestError && failure.status === 401) onRestart(true);
      else setError(refusal(failure));
    }
  };

  return (
    <AuthCard subtitle="Login">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Typography>
            Two-factor authentication is on for this account. Enter the 6-digit code from your
            authenticator app, or one of your recovery codes.
          </Typography>
          <FormField
            id="login-code"
            label="Authentication code"
            value={code}
            onChange={setCode}
            disabled={isLoading}
            autoComplete="one-time-code"
            autoFocus
            error={error !== undefined}
            helperText={error ?? ' '}
            live
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading} fullWidth>
            VERIFY
          </Button>
          <Button onClick={() => onRestart(false)} disabled={isLoading}>
            Back to login
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
