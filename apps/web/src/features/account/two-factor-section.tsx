import Typography from '@mui/material/Typography';

/** The account page's two-factor section (docs/screens.md, Account). Scaffold: filled in by the two-factor work. */
export function TwoFactorSection() {
  return (
    <Typography component="h2" variant="h6">
      Two-factor authentication
    </Typography>
  );
}
