import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetAccountQuery } from '../../api/account-endpoints';
import { BlockedSection } from './blocked-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { PushSection } from './push-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** /profile/account: the player's account settings (docs/screens.md, Account). */
export function AccountPage() {
  const { data: account, isLoading } = useGetAccountQuery();
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to="/profile" color="secondary" sx={{ alignSelf: 'flex-start' }}>
        Back to profile
      </Link>
      <Typography variant="h1" component="h1">
        Account
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          alignItems: 'start',
        }}
      >
        {isLoading && <Typography role="status">Loading...</Typography>}
        {!isLoading && !account && (
          <Alert severity="error">Failed to load the account settings</Alert>
        )}
        {account && <EmailSection account={account} />}
        <PasswordSection />
        <TwoFactorSection />
        <PushSection />
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <SessionsSection />
        </Box>
        <BlockedSection />
      </Box>
    </Stack>
  );
}
