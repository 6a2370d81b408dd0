import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ListingSummary } from '@aleph/contracts';
import { useSearchListingsQuery } from './bazaar-endpoints';
import { isFiltered, type BazaarFilters } from './bazaar-filters';
import { ListingCard } from './listing-card';

const cardGrid = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

const Cards = ({ listings }: { listings: ListingSummary[] }) =>
  listings.map((l) => <ListingCard key={l.id} listing={l} />);

/** A later page of the same search, read by its cursor. */
function NextPage({ filters, cursor }: { filters: BazaarFilters; cursor: string }) {
  const { data } = useSearchListingsQuery({ ...filters, cursor });
  return <Cards listings={data?.listings ?? []} />;
}

/** 'Load more' asks for the page after the last one shown (keyset cursors: no offsets). */
function LoadMore(props: {
  filters: BazaarFilters;
  cursors: string[];
  firstNext: string | null;
  onMore(cursor: string): void;
}) {
  const last = props.cursors.at(-1);
  const lastPage = useSearchListingsQuery(
    { ...props.filters, cursor: last },
    { skip: last === undefined },
  );
  const next = last === undefined ? props.firstNext : (lastPage.data?.nextCursor ?? null);
  if (!next) return null;
  return (
    <Box>
      <Button variant="outlined" disabled={lastPage.isFetching} onClick={() => props.onMore(next)}>
        Load more
      </Button>
    </Box>
  );
}

/**
 * The open listings that match the filters. The page keys this by the filters, so new filters
 * start again from the first page.
 */
export function BazaarResults({ filters }: { filters: BazaarFilters }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const first = useSearchListingsQuery(filters);
  if (first.isError) return <Alert severity="error">Failed to load the Bazaar</Alert>;
  if (!first.data) return <Typography role="status">Loading...</Typography>;
  if (first.data.listings.length === 0) {
    return (
      <Typography color="text.secondary">
        {isFiltered(filters)
          ? 'No listing matches these filters.'
          : 'Nothing is for sale on the Bazaar yet.'}
      </Typography>
    );
  }
  return (
    <>
      <Box component="ul" aria-label="Listings" sx={cardGrid}>
        <Cards listings={first.data.listings} />
        {cursors.map((cursor) => (
          <NextPage key={cursor} filters={filters} cursor={cursor} />
        ))}
      </Box>
      <LoadMore
        filters={filters}
        cursors={cursors}
        firstNext={first.data.nextCursor}
        onMore={(c) => setCursors((list) => [...list, c])}
      />
    </>
  );
}
