import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorCode } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { httpStatus, serverCode } from '../../api/error-message';
import { AuthCard } from './auth-card';
import {
  retryAfterSeconds,
  useGetMailStatusQuery,
  useRestorePasswordMutation,
} from './auth-endpoints';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget';
import { FormField } from '../../lib/form-field';
import { isEmailValid } from '../../lib/account-fields';
import { RestoreWalletForm } from './restore-wallet-form';

export const INVALID_TEXT = 'Please enter a valid email and confirm the captcha.';
export const DONE_TEXT =
  'If the email exists in our system, you will receive instructions shortly.';
export const MAIL_OFF_TEXT = 'Password recovery by e-mail is turned off on this server.';

type Outcome = { severity: 'success' | 'error'; text: string } | undefined;

function waitText(seconds: number | undefined): string {
  if (seconds === undefined) return 'Too many requests. Please try again later.';
  if (seconds < 60) return `Too many requests. Please try again in ${seconds} s.`;
  return `Too many requests. Please try again in ${Math.ceil(seconds / 60)} min.`;
}

/** docs/screens.md (Restore password): what the player reads after a refused request. */
function refusalText(error: unknown): string {
  const code = serverCode(error);
  if (code === ErrorCode.captchaInvalid || code === ErrorCode.emailInvalid) return INVALID_TEXT;
  if (code === ErrorCode.mailOff) return MAIL_OFF_TEXT;
  if (httpStatus(error) === 429) return waitText(retryAfterSeconds(error));
  return 'Something went wrong.';
}

export function RestorePasswordScreen() {
  const [email, setEmail] = useState('');
  const [payload, setPayload] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [mailOffAnswer, setMailOffAnswer] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  const { data: mail } = useGetMailStatusQuery();
  const [restore, { isLoading }] = useRestorePasswordMutation();
  const mailOff = mail?.enabled === false || mailOffAnswer;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mailOff || isLoading) return;
    if (!isEmailValid(email) || !payload) {
      setOutcome({ severity: 'error', text: INVALID_TEXT });
      return;
    }
    setOutcome(undefined);
    try {
      await restore({ email, captcha: payload }).unwrap();
      setOutcome({ severity: 'success', text: DONE_TEXT });
    } catch (error) {
      if (serverCode(error) === ErrorCode.mailOff) setMailOffAnswer(true);
      else if (httpStatus(error) === undefined) console.error('Password restore failed', error);
      setOutcome({ severity: 'error', text: refusalText(error) });
    } finally {
      // The server takes each solved challenge once: another request needs a new check.
      captcha.current?.reset();
    }
  };

  return (
    <AuthCard subtitle="Restore password">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {mailOff && (
            <Alert severity="info" role="status">
              {MAIL_OFF_TEXT}
            </Alert>
          )}
          <FormField
            id="restore-email"
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            disabled={isLoading || mailOff}
            autoComplete="email"
          />
          {!mailOff && (
            <CaptchaWidget
              ref={captcha}
              challengeUrl={`${window.location.origin}/abwab/captcha`}
              onChange={setPayload}
            />
          )}
          {outcome && !(mailOff && outcome.text === MAIL_OFF_TEXT) && (
            <Alert
              severity={outcome.severity}
              role={outcome.severity === 'error' ? 'alert' : 'status'}
            >
              {outcome.text}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isLoading}
            disabled={mailOff}
            fullWidth
          >
            RESTORE
          </Button>
        </Stack>
      </Box>
      {/* Its own form, below the e-mail one: a signature from the registered wallet. */}
      <Stack spacing={2} sx={{ mt: 3 }}>
        <Divider>or</Divider>
        <RestoreWalletForm />
        <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
          Back to login
        </Link>
      </Stack>
    </AuthCard>
  );
}
