import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorCode, PASSWORD_MAX, PASSWORD_MIN } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus, serverCode, serverMessage } from '../../api/error-message';
import { AuthCard } from './auth-card';
import { useConfirmRestoreMutation } from './auth-endpoints';
import { PasswordField } from '../../lib/password-field';
import { passwordHint } from '../../lib/account-fields';

export const LINK_INVALID_TEXT = 'This link has expired or was already used.';
/** Router state the login screen reads to say why the player is back there. */
export const PASSWORD_CHANGED_NOTE = 'Your password was changed. Log in with the new one.';

export interface LoginNote {
  note?: string;
}

type Failure = { text: string; linkInvalid: boolean } | undefined;

function failureOf(error: unknown): Failure {
  const code = serverCode(error);
  if (code === ErrorCode.resetTokenInvalid) return { text: LINK_INVALID_TEXT, linkInvalid: true };
  if (code === ErrorCode.passwordInvalid) {
    const text = serverMessage(error) ?? `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
    return { text, linkInvalid: false };
  }
  const status = httpStatus(error);
  if (status === undefined) console.error('Setting the new password failed', error);
  return { text: 'Something went wrong.', linkInvalid: false };
}

/** The page of the link in the recovery e-mail (`/restore-password/:token`): a new password. */
export function NewPasswordScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [failure, setFailure] = useState<Failure>();
  const [confirm, { isLoading }] = useConfirmRestoreMutation();

  const mismatch = repeat !== '' && repeat !== password;
  const canSubmit =
    password !== '' && passwordHint(password) === undefined && password === repeat && !isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFailure(undefined);
    try {
      await confirm({ token, password }).unwrap();
      const state: LoginNote = { note: PASSWORD_CHANGED_NOTE };
      await navigate('/login', { replace: true, state });
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  return (
    <AuthCard subtitle="Set a new password">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <PasswordField
            id="new-password"
            label="New password"
            value={password}
            onChange={setPassword}
            disabled={isLoading}
            autoComplete="new-password"
            autoFocus
            helperText={passwordHint(password) ?? ' '}
          />
          <PasswordField
            id="new-password-repeat"
            label="Repeat password"
            value={repeat}
            onChange={setRepeat}
            disabled={isLoading}
            autoComplete="new-password"
            error={mismatch}
            helperText={mismatch ? 'Passwords do not match' : ' '}
          />
          {failure && (
            <Alert severity="error">
              {failure.text}
              {failure.linkInvalid && (
                <>
                  {' '}
                  <Link component={RouterLink} to="/restore-password">
                    Ask for a new link
                  </Link>
                </>
              )}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canSubmit}
            loading={isLoading}
            fullWidth
          >
            SET PASSWORD
          </Button>
          <Typography sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              Back to login
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
