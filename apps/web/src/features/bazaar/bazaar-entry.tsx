import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The way into the players' market from the marketplace and the dashboard (the phone's top bar
 * has no room for another button).
 */
export function BazaarEntry() {
  return (
    <Paper component="nav" variant="outlined" aria-label="Bazaar" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Bazaar
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Heroes, lands and goods sold by other players, at a fixed price or by auction.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={RouterLink} to="/bazaar" variant="contained" color="secondary">
          Open the Bazaar
        </Button>
        <Button component={RouterLink} to="/bazaar/mine" variant="outlined" color="secondary">
          My Bazaar
        </Button>
      </Stack>
    </Paper>
  );
}
