import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AuthCard } from './auth-card';
import { useRegisterMutation } from './auth-endpoints';
import { FormField } from '../../lib/form-field';
import { PasswordField } from '../../lib/password-field';
import { registrationErrorText } from './register-error';
import { isEmailValid, passwordHint } from '../../lib/account-fields';
import { loginHint } from './register-fields';
import { useLoginAvailability } from './use-login-availability';
import { useWalletSignature } from './use-wallet-signature';
import { WalletButton } from './wallet-button';

/** Only shown after success, so the dialog's code is fetched only then. */
const RegisterSuccessDialog = lazy(() =>
  import('./register-success-dialog').then((m) => ({ default: m.RegisterSuccessDialog })),
);

const AVAILABILITY_TEXT = {
  available: 'Login available',
  taken: 'Login already taken',
  unknown: '',
};

export function RegisterScreen() {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [failure, setFailure] = useState<string>();
  const [registered, setRegistered] = useState(false);
  const availability = useLoginAvailability(username);
  const { wallet, connect, reset: resetWallet } = useWalletSignature();
  const [register, { isLoading }] = useRegisterMutation();

  const emailInvalid = email !== '' && !isEmailValid(email);
  const mismatch = repeat !== '' && repeat !== password;
  const signed = wallet.status === 'connected' ? wallet : undefined;
  const canRegister =
    availability === 'available' &&
    isEmailValid(email) &&
    signed !== undefined &&
    password !== '' &&
    password === repeat &&
    !isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canRegister || !signed) return;
    setFailure(undefined);
    const { address, signature, message } = signed;
    try {
      await register({ login: username, email, address, signature, password, message }).unwrap();
      setRegistered(true);
    } catch (error) {
      setFailure(registrationErrorText(error));
      resetWallet(); // the nonce is single use: sign a fresh message before trying again
    }
  };

  const usernameHelp = [AVAILABILITY_TEXT[availability], loginHint(username)].filter(Boolean);
  return (
    <AuthCard subtitle="Register">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <FormField
            id="register-username"
            label="Username"
            value={username}
            onChange={setUsername}
            disabled={isLoading}
            autoComplete="username"
            error={availability === 'taken'}
            success={availability === 'available'}
            helperText={usernameHelp.join(' ') || ' '}
            live
          />
          <FormField
            id="register-email"
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            disabled={isLoading}
            autoComplete="email"
            error={emailInvalid}
            helperText={emailInvalid ? 'Invalid email format' : ' '}
          />
          <WalletButton wallet={wallet} onConnect={connect} disabled={isLoading} />
          <PasswordField
            id="register-password"
            label="Password"
            value={password}
            onChange={setPassword}
            disabled={isLoading}
            autoComplete="new-password"
            helperText={passwordHint(password) ?? ' '}
          />
          <PasswordField
            id="register-repeat-password"
            label="Repeat Password"
            value={repeat}
            onChange={setRepeat}
            disabled={isLoading}
            autoComplete="new-password"
            error={mismatch}
            helperText={mismatch ? 'Passwords do not match' : ' '}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canRegister}
            loading={isLoading}
            fullWidth
          >
            Register
          </Button>
          <Typography sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to="/login">
              Log in
            </Link>
          </Typography>
        </Stack>
      </Box>
      {registered && (
        <Suspense fallback={null}>
          <RegisterSuccessDialog open />
        </Suspense>
      )}
    </AuthCard>
  );
}
