import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { storedSuspension } from '../../api/account-suspended';
import { postLogin } from '../../api/session-requests';
import { signedIn } from '../../api/auth-slice';
import { useHydrated } from '../../lib/use-hydrated';
import { AuthCard } from './auth-card';
import { FormField } from '../../lib/form-field';
import type { LoginNote } from './new-password-screen';
import { PasswordField } from '../../lib/password-field';

/**
 * What the notice's module (a chunk of its own, loaded only now: src/features/auth/
 * suspension-notice.ts) says of a refused login or of a suspension that signed the page out.
 */
function showSuspension(refusal: unknown, show: (notice: string | undefined) => void) {
  void import('./suspension-notice').then((m) =>
    show(m.suspensionNotice(refusal, storedSuspension())),
  );
}

/** The value of a prerendered input, if the page came prerendered and the player typed into it. */
function typedBefore(id: string): string {
  if (typeof document === 'undefined') return '';
  const input = document.getElementById(id);
  return input instanceof HTMLInputElement ? input.value : '';
}

const EXPIRED = 'Your sign-in took too long or had too many wrong codes. Please log in again.';

/** The second step's own chunk (login-code-step.tsx): only a two-factor login needs it. */
const LoginCodeStep = lazy(() =>
  import('./login-code-step').then((m) => ({ default: m.LoginCodeStep })),
);

/**
 * docs/screens.md (Login): no client-side validation; a failure is logged, not shown, but for
 * a suspended account's, which says until when. The request is a plain one: the login page
 * loads no RTK Query (docs/architecture.md, Web). An account with two-factor on is asked for a
 * code after its password (the second step).
 */
export function LoginScreen() {
  const dispatch = useDispatch();
  const hydrated = useHydrated();
  // Why the player is here, when another screen sent them (a changed password, for one).
  const note = (useLocation().state as LoginNote | null)?.note;
  const [isLoading, setLoading] = useState(false);
  // The build prerenders this screen (docs/architecture.md, Web): what was typed into it before
  // the page was hydrated is still in the inputs, and is where the state starts.
  const [username, setUsername] = useState(() => typedBefore('login-username'));
  const [password, setPassword] = useState(() => typedBefore('login-password'));
  // A suspension's notice: the one that signed the open page out, once hydrated (effects run
  // after it), or the login's refusal.
  const [notice, setNotice] = useState<string>();
  useEffect(() => {
    if (storedSuspension()) showSuspension(undefined, setNotice);
  }, []);

  // The second step, once the password was accepted for an account with two-factor on.
  const [step, setStep] = useState<'password' | 'code'>('password');
  // Why the player is back at the password step (the second step's challenge ended).
  const [restart, setRestart] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    try {
      const answer = await postLogin({ username, password });
      if ('twoFactor' in answer) {
        setRestart(undefined);
        setStep('code');
        setLoading(false);
        return;
      }
      // A fresh version marker: the signed-in route table takes over and reads its data.
      dispatch(signedIn());
    } catch (error) {
      console.error('Login failed', error);
      showSuspension(error, setNotice);
      setLoading(false);
    }
  };

  if (step === 'code') {
    return (
      <Suspense fallback={<AuthCard subtitle="Login">{null}</AuthCard>}>
        <LoginCodeStep
          onSignedIn={() => dispatch(signedIn())}
          onRestart={(expired) => {
            setStep('password');
            setPassword('');
            setRestart(expired ? EXPIRED : undefined);
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard subtitle="Login">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {/* Only once hydrated: the prerendered card has no note, and a first render that
              differs from it made React throw the card away and draw it again, losing what the
              player was typing (docs/architecture.md, Web). */}
          {note && hydrated && !restart && (
            <Typography role="status" sx={{ color: 'success.main' }}>
              {note}
            </Typography>
          )}
          {restart && (
            <Typography role="alert" sx={{ color: 'warning.main' }}>
              {restart}
            </Typography>
          )}
          {notice && (
            <Typography role="alert" sx={{ color: 'error.light', fontWeight: 600 }}>
              {notice}
            </Typography>
          )}
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
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isLoading}
            disabled={!hydrated}
            fullWidth
          >
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
