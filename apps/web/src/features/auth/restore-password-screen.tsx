import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import { isEmailValid } from './register-fields';

/** The simulated wait of docs/screens.md: restoring makes no server call yet. */
export const RESTORE_WAIT_MS = 1000;

type Outcome = { severity: 'success' | 'error'; text: string } | undefined;

const simulateRestore = () =>
  new Promise<void>((resolve) => window.setTimeout(resolve, RESTORE_WAIT_MS));

export function RestorePasswordScreen() {
  const [email, setEmail] = useState('');
  const [notABot, setNotABot] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmailValid(email) || !notABot) {
      setOutcome({
        severity: 'error',
        text: 'Please enter a valid email and confirm the captcha.',
      });
      return;
    }
    setOutcome(undefined);
    setWaiting(true);
    try {
      await simulateRestore();
      setOutcome({
        severity: 'success',
        text: 'If the email exists in our system, you will receive instructions shortly.',
      });
    } catch (error) {
      console.error('Password restore failed', error);
      setOutcome({ severity: 'error', text: 'Something went wrong.' });
    } finally {
      setWaiting(false);
    }
  };

  return (
    <AuthCard subtitle="Restore password">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <FormField
            id="restore-email"
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            disabled={waiting}
            autoComplete="email"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={notABot}
                onChange={(event) => setNotABot(event.target.checked)}
                disabled={waiting}
              />
            }
            label="I'm not a bot"
          />
          {outcome && (
            <Alert
              severity={outcome.severity}
              role={outcome.severity === 'error' ? 'alert' : 'status'}
            >
              {outcome.text}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" loading={waiting} fullWidth>
            RESTORE
          </Button>
          <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
            Back to login
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
