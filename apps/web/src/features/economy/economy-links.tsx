import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export const ECONOMY_PATHS = {
  trader: '/marketplace/trader',
  secret: '/marketplace/secret',
  luckyCoin: '/events/luckycoin',
} as const;

/** Links to the economy's screens, for the marketplace and the dashboard. */
export function EconomyLinks({ title = 'Gold economy' }: { title?: string }) {
  return (
    <Paper component="nav" variant="outlined" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          component={RouterLink}
          to={ECONOMY_PATHS.trader}
          variant="outlined"
          color="secondary"
        >
          Greedy trader
        </Button>
        <Button
          component={RouterLink}
          to={ECONOMY_PATHS.secret}
          variant="outlined"
          color="secondary"
        >
          Secret market
        </Button>
        <Button
          component={RouterLink}
          to={ECONOMY_PATHS.luckyCoin}
          variant="outlined"
          color="secondary"
        >
          Lucky coin event
        </Button>
      </Stack>
    </Paper>
  );
}
