import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ListingDetails } from '@aleph/contracts';
import { ELEMENT_NAMES, itemName } from '@aleph/rules';
import { httpStatus } from '../../api/error-message';
import { DetailList } from '../../lib/detail-list';
import { formatNumber } from '../../lib/format-number';
import { SectionCard } from '../../lib/section-card';
import { useGetListingQuery } from './bazaar-endpoints';
import { ListedHeroCard } from './listed-hero';
import { ListedLandCard } from './listed-land';
import { formatPrice, KIND_LABELS } from './listing-text';
import { ListingTrade } from './listing-trade';
import { PriceHistorySection } from './price-history';

/** 'Tower Stone', 'Fire elementals', 'Water shards'. */
export function goodsName(item: string, element: number | null): string {
  if (item !== 'elementals' && item !== 'shards') return itemName(item);
  return `${ELEMENT_NAMES[element ?? -1] ?? 'Unknown'} ${item}`;
}

function Goods({ listing }: { listing: ListingDetails }) {
  const unit = listing.price / Math.max(1, listing.quantity);
  return (
    <SectionCard title="Goods">
      <DetailList
        details={[
          { term: 'Item', value: goodsName(listing.item ?? '', listing.element) },
          { term: 'Quantity', value: formatNumber(listing.quantity) },
          {
            term: 'Price per unit',
            value: formatPrice(Math.round(unit * 100) / 100, listing.currency),
          },
        ]}
      />
    </SectionCard>
  );
}

function What({ listing }: { listing: ListingDetails }) {
  if (listing.hero) return <ListedHeroCard hero={listing.hero} />;
  if (listing.land) return <ListedLandCard land={listing.land} />;
  return <Goods listing={listing} />;
}

function Listing({ listing }: { listing: ListingDetails }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {listing.title}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={KIND_LABELS[listing.kind]} />
        <Typography variant="body2" color="text.secondary">
          Sold by {listing.seller.nickname}
          {listing.buyer ? ` to ${listing.buyer.nickname}` : ''}
        </Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <What listing={listing} />
        <ListingTrade listing={listing} />
      </Box>
      <PriceHistorySection listing={listing} />
    </Stack>
  );
}

/** `/bazaar/:id` (docs/screens.md, Bazaar): one listing, with what a buyer needs to judge it. */
export function ListingPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const { data, error, isError } = useGetListingQuery(id, { skip: !valid });
  let content;
  if (!valid || httpStatus(error) === 404)
    content = <Alert severity="error">Listing not found</Alert>;
  else if (isError && !data) content = <Alert severity="error">Failed to load the listing</Alert>;
  else if (!data) content = <Typography role="status">Loading...</Typography>;
  else content = <Listing listing={data} />;
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to="/bazaar">
        Back to the Bazaar
      </Link>
      {content}
    </Stack>
  );
}
