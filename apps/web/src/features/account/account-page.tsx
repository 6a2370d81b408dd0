import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TwoFactorSection } from './two-factor-section';

/** /profile/account: the player's account settings (docs/screens.md, Account). */
export function AccountPage() {
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h5">
        Account
      </Typography>
      <TwoFactorSection />
    </Stack>
  );
}
