import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../lib/section-card';
import { MyBidsTable, MyListingsTable, TradesTable } from './my-bazaar-sections';
import { useGetMyBazaarQuery } from './sell-endpoints';

/**
 * `/bazaar/mine` (docs/screens.md, Bazaar): the player's listings, bids, purchases and sales,
 * each with its fees, one section under the other.
 */
export function MyBazaarPage() {
  const { data, isLoading, isError } = useGetMyBazaarQuery();
  let content;
  if (data) {
    content = (
      <>
        <SectionCard title="My listings">
          <MyListingsTable listings={data.listings} />
        </SectionCard>
        <SectionCard title="My bids">
          <MyBidsTable bids={data.bids} purchases={data.purchases} />
        </SectionCard>
        <SectionCard title="Purchases">
          <TradesTable trades={data.purchases} side="bought" />
        </SectionCard>
        <SectionCard title="Sales">
          <TradesTable trades={data.sales} side="sold" />
        </SectionCard>
      </>
    );
  } else if (isLoading) {
    content = (
      <Box role="status" aria-label="Loading My Bazaar" sx={{ display: 'grid', py: 6 }}>
        <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
      </Box>
    );
  } else if (isError) {
    content = <Alert severity="error">Failed to load My Bazaar</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h1" component="h1">
          My Bazaar
        </Typography>
        <Link component={RouterLink} to="/bazaar" color="secondary">
          Browse the Bazaar
        </Link>
      </Box>
      {content}
    </Stack>
  );
}
