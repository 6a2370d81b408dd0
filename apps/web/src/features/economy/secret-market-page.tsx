import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetLandsQuery } from '../../api/game-endpoints';
import { FeatureGate } from '../../lib/feature-gate';
import { useGetSecretMarketQuery } from './economy-endpoints';
import { SecretOfferCard } from './secret-offer-card';
import { whenText } from './when';

function SecretMarket() {
  const market = useGetSecretMarketQuery();
  const lands = useGetLandsQuery();
  if (market.isLoading || lands.isLoading) return <Typography role="status">Loading...</Typography>;
  if (!market.data || !lands.data) {
    return <Alert severity="error">Failed to load the secret market</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="body2">New offers at {whenText(market.data.windowEnd)}.</Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {market.data.offers.map((offer) => (
          <SecretOfferCard key={offer.id} offer={offer} lands={lands.data ?? []} />
        ))}
      </Box>
    </Stack>
  );
}

/** The Secret market (docs/screens.md): six offers per 8-hour window, from profile level eight. */
export function SecretMarketPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Secret market
      </Typography>
      <FeatureGate flag="profileLevel8">
        <SecretMarket />
      </FeatureGate>
    </Stack>
  );
}
