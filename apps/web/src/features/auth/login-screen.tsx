import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AuthCard } from './auth-card';
import { useLoginMutation } from './auth-endpoints';
import { FormField } from './form-field';
import { PasswordField } from './password-field';

/** docs/screens.md (Login): no client-side validation; a failure is logged, not shown. */
export function LoginScreen() {
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // On success the signed-in route table takes over (see auth-endpoints).
      await login({ username, password }).unwrap();
    } catch (error) {
      console.error('Login failed', error);
    }
  };

  return (
    <AuthCard subtitle="Login">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <FormField
            id="login-username"
            label="Username"
            value={username}
            onChange={setUsername}
            disabled={isLoading}
            autoComplete="username"
            autoFocus
          />
          <PasswordField
            id="login-password"
            label="Password"
            value={password}
            onChange={setPassword}
            disabled={isLoading}
            autoComplete="current-password"
          />
          <Link component={RouterLink} to="/restore-password" sx={{ alignSelf: 'flex-end' }}>
            Forgot password?
          </Link>
          <Button type="submit" variant="contained" size="large" loading={isLoading} fullWidth>
            LOG IN
          </Button>
          <Typography sx={{ textAlign: 'center' }}>
            Don&apos;t have an account?{' '}
            <Link component={RouterLink} to="/register">
              Sign up
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
