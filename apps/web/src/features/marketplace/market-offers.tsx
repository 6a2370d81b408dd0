import type { ReactNode } from 'react';
import type { MarketOffers } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useGetMarketOffersQuery } from './market-endpoints';
import { queryErrorDetail } from '../../lib/query-error-detail';

/** Renders `children` with the catalogue once it is loaded; a spinner or the error before. */
export function WithOffers({ children }: { children: (offers: MarketOffers) => ReactNode }) {
  const { data, error, isLoading } = useGetMarketOffersQuery();
  if (data) return <>{children(data)}</>;
  if (isLoading) {
    return (
      <Box role="status" aria-label="Loading offers" sx={{ display: 'grid', py: 4 }}>
        <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
      </Box>
    );
  }
  return <Alert severity="error">Cannot load the marketplace: {queryErrorDetail(error)}</Alert>;
}
