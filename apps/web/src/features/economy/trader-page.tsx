import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetLandsQuery } from '../../api/game-endpoints';
import { FeatureGate } from '../../lib/feature-gate';
import { useGetTraderQuery } from './economy-endpoints';
import { TraderForm } from './trader-form';
import { TraderPrices } from './trader-prices';

function Trader() {
  const trader = useGetTraderQuery();
  const lands = useGetLandsQuery();
  if (trader.isLoading || lands.isLoading) return <Typography role="status">Loading...</Typography>;
  if (!trader.data || !lands.data) return <Alert severity="error">Failed to load the trader</Alert>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <TraderForm trader={trader.data} lands={lands.data} />
      <TraderPrices quotes={trader.data.quotes} />
    </Box>
  );
}

/** The Greedy trader (docs/screens.md): from profile level seven. */
export function TraderPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Greedy trader
      </Typography>
      <Typography variant="body2" color="text.secondary">
        He buys items, elementals and shards for treasury gold, a little cheaper with every unit
        players sold him in the last day, and sells them back at half as much again.
      </Typography>
      <FeatureGate flag="profileLevel7">
        <Trader />
      </FeatureGate>
    </Stack>
  );
}
