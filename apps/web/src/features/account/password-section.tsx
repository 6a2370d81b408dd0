import { useState, type FormEvent } from 'react';
import Password from '@mui/icons-material/Password';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { passwordHint } from '../../lib/account-fields';
import { PasswordField } from '../../lib/password-field';
import { SectionCard } from '../../lib/section-card';
import { useChangePasswordMutation } from './account-endpoints';
import { refusalOf, type Refusal } from './account-messages';

export const PASSWORD_CHANGED_TEXT =
  'Your password was changed. Every other device was signed out.';

/**
 * A new password after the current one, with the registration's rules (docs/screens.md,
 * Account). This device stays signed in; the server signs out the others.
 */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [done, setDone] = useState(false);
  const [change, { isLoading }] = useChangePasswordMutation();

  const mismatch = repeat !== '' && repeat !== password;
  const canSubmit =
    current !== '' &&
    password !== '' &&
    passwordHint(password) === undefined &&
    password === repeat &&
    !isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setRefusal(undefined);
    setDone(false);
    try {
      await change({ currentPassword: current, password }).unwrap();
      setDone(true);
      setCurrent('');
      setPassword('');
      setRepeat('');
    } catch (error) {
      setRefusal(refusalOf(error, 'currentPassword'));
    }
  };

  return (
    <SectionCard title="Password" icon={<Password color="secondary" aria-hidden />}>
      <Box component="form" onSubmit={submit} noValidate aria-label="Change password">
        <Box sx={{ display: 'grid', gap: 2 }}>
          <PasswordField
            id="account-current-password"
            label="Current password"
            value={current}
            onChange={setCurrent}
            disabled={isLoading}
            autoComplete="current-password"
            error={refusal?.field === 'currentPassword'}
          />
          <PasswordField
            id="account-new-password"
            label="New password"
            value={password}
            onChange={setPassword}
            disabled={isLoading}
            autoComplete="new-password"
            error={refusal?.field === 'password'}
            helperText={passwordHint(password) ?? ' '}
          />
          <PasswordField
            id="account-repeat-password"
            label="Repeat new password"
            value={repeat}
            onChange={setRepeat}
            disabled={isLoading}
            autoComplete="new-password"
            error={mismatch}
            helperText={mismatch ? 'Passwords do not match' : ' '}
          />
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal.text}
            </Alert>
          )}
          {done && (
            <Alert severity="success" role="status">
              {PASSWORD_CHANGED_TEXT}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={!canSubmit} loading={isLoading}>
              Change password
            </Button>
          </Box>
        </Box>
      </Box>
    </SectionCard>
  );
}
