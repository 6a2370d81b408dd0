import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router';
import type { VerifyEmailResponse } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import { selectIsSignedIn } from '../../api/auth-slice';
import { AuthCard } from './auth-card';
import { useVerifyEmailMutation } from './email-link-endpoints';

export const VERIFIED_TEXT = 'Your e-mail address is verified.';
export const changedText = (email: string) => `Your e-mail address is now ${email}.`;
export const LINK_USED_TEXT = 'This link has expired or was already used.';

type Outcome =
  | { state: 'pending' }
  | { state: 'done'; answer: VerifyEmailResponse }
  | { state: 'refused' }
  | { state: 'failed' };

/**
 * The links' tokens already sent by this page, with their answer. A token is single use, so it
 * is sent once however often the screen mounts: React's StrictMode runs an effect twice in
 * development, and a second request would spend nothing and answer that the link was used.
 */
const sent = new Map<string, Promise<Outcome>>();

/** The page of an e-mail's link `/verify-email/:token`, signed in or not (docs/screens.md). */
export function VerifyEmailScreen() {
  const { token = '' } = useParams();
  const signedIn = useSelector(selectIsSignedIn);
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });

  useEffect(() => {
    let current = true;
    let request = sent.get(token);
    if (!request) {
      request = verify({ token })
        .unwrap()
        .then(
          (answer): Outcome => ({ state: 'done', answer }),
          (error: unknown): Outcome => {
            if (httpStatus(error) === 400) return { state: 'refused' };
            console.error('Following the e-mail link failed', error);
            // Nothing was spent when no answer came: a reload may try again.
            sent.delete(token);
            return { state: 'failed' };
          },
        );
      sent.set(token, request);
    }
    void request.then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [token, verify]);

  const onward = signedIn ? (
    <Button component={RouterLink} to="/profile" variant="contained" fullWidth>
      Go to your profile
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained" fullWidth>
      Go to login
    </Button>
  );

  return (
    <AuthCard subtitle="E-mail address">
      <Stack spacing={2}>
        {outcome.state === 'pending' && (
          <Typography role="status" sx={{ textAlign: 'center' }}>
            Checking the link…
          </Typography>
        )}
        {outcome.state === 'done' && (
          <Alert severity="success" role="status">
            {outcome.answer.purpose === 'change'
              ? changedText(outcome.answer.email)
              : VERIFIED_TEXT}
          </Alert>
        )}
        {outcome.state === 'refused' && (
          <Alert severity="error" role="alert">
            {LINK_USED_TEXT}{' '}
            {signedIn
              ? 'You can ask for a new one in your account settings.'
              : 'Log in to ask for a new one in your account settings.'}
          </Alert>
        )}
        {outcome.state === 'failed' && (
          <Alert severity="error" role="alert">
            Something went wrong. Please load this page again.
          </Alert>
        )}
        {outcome.state !== 'pending' && onward}
      </Stack>
    </AuthCard>
  );
}
