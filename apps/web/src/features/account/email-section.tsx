import { useState, type FormEvent } from 'react';
import type { AccountResponse } from '@aleph/contracts';
import AlternateEmail from '@mui/icons-material/AlternateEmail';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import { isEmailValid } from '../../lib/account-fields';
import { DetailList } from '../../lib/detail-list';
import { FormField } from '../../lib/form-field';
import { PasswordField } from '../../lib/password-field';
import { SectionCard } from '../../lib/section-card';
import { useChangeEmailMutation, useResendVerificationMutation } from './account-endpoints';
import { MAIL_OFF_TEXT, refusalOf, waitText, type Refusal } from './account-messages';

type Note = { severity: 'success' | 'error'; text: string } | undefined;

/** The address, whether it is verified, a new link, and a new address (docs/screens.md, Account). */
export function EmailSection({ account }: { account: AccountResponse }) {
  const [resend, resending] = useResendVerificationMutation();
  const [change, changing] = useChangeEmailMutation();
  const [resendNote, setResendNote] = useState<Note>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [changedTo, setChangedTo] = useState<string>();
  const mailOff = !account.mailEnabled;

  const askLink = async () => {
    setResendNote(undefined);
    try {
      await resend().unwrap();
      setResendNote({ severity: 'success', text: `A new link was sent to ${account.email}.` });
    } catch (error) {
      const text =
        httpStatus(error) === 409
          ? 'Your e-mail address is already verified.'
          : httpStatus(error) === 429
            ? waitText(error)
            : refusalOf(error, undefined).text;
      setResendNote({ severity: 'error', text });
    }
  };

  const emailInvalid = email !== '' && !isEmailValid(email);
  const canChange = isEmailValid(email) && password !== '' && !changing.isLoading && !mailOff;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canChange) return;
    setRefusal(undefined);
    setChangedTo(undefined);
    try {
      await change({ email, password }).unwrap();
      setChangedTo(email);
      setEmail('');
      setPassword('');
    } catch (error) {
      setRefusal(refusalOf(error, 'password'));
    }
  };
  /** The field a refusal is about is marked; the refusal's words are in the alert below. */
  const refused = (field: Refusal['field']) => refusal?.field === field;

  return (
    <SectionCard title="E-mail" icon={<AlternateEmail color="secondary" aria-hidden />}>
      <DetailList
        details={[
          { term: 'Address', value: account.email },
          {
            term: 'Status',
            value: account.emailVerified ? (
              <Chip label="Verified" color="success" size="small" />
            ) : (
              <Chip label="Not verified" color="warning" size="small" />
            ),
          },
        ]}
      />
      {mailOff && (
        <Alert severity="info" role="status">
          {MAIL_OFF_TEXT}
        </Alert>
      )}
      {!account.emailVerified && !mailOff && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Follow the link in the e-mail we sent to confirm that this address is yours.
          </Typography>
          <Button variant="outlined" onClick={askLink} loading={resending.isLoading}>
            Resend verification e-mail
          </Button>
        </Stack>
      )}
      {resendNote && (
        <Alert
          severity={resendNote.severity}
          role={resendNote.severity === 'error' ? 'alert' : 'status'}
        >
          {resendNote.text}
        </Alert>
      )}
      {account.pendingEmail && (
        <Alert severity="info">
          Waiting for confirmation: {account.pendingEmail}. Your address changes when the link sent
          there is followed.
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate aria-labelledby="change-email-heading">
        <Stack spacing={2}>
          <Typography id="change-email-heading" variant="subtitle1" component="h3">
            Change e-mail
          </Typography>
          <FormField
            id="account-new-email"
            label="New e-mail"
            type="email"
            value={email}
            onChange={setEmail}
            disabled={changing.isLoading || mailOff}
            autoComplete="email"
            error={emailInvalid || refused('email')}
            helperText={emailInvalid ? 'Invalid email format' : ' '}
          />
          <PasswordField
            id="account-email-password"
            label="Password"
            value={password}
            onChange={setPassword}
            disabled={changing.isLoading || mailOff}
            autoComplete="current-password"
            error={refused('password')}
          />
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal.text}
            </Alert>
          )}
          {changedTo && (
            <Alert severity="success" role="status">
              A link was sent to {changedTo}. Your address changes when you follow it.
            </Alert>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={!canChange}
              loading={changing.isLoading}
            >
              Change e-mail
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
