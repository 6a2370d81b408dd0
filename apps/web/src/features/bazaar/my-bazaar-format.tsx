import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ListingStatus, ListingSummary } from '@aleph/contracts';
import { KIND_LABELS } from './listing-text';

export const STATUS_TEXT: Record<ListingStatus, string> = {
  open: 'Open',
  sold: 'Sold',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** 'Hero, auction, 3 bids' or 'Goods, fixed price': what a row's listing is. */
export function listingKindText(listing: ListingSummary): string {
  const kind = KIND_LABELS[listing.kind];
  if (!listing.auction) return `${kind}, fixed price`;
  const { bids } = listing.auction;
  return `${kind}, auction, ${bids} ${bids === 1 ? 'bid' : 'bids'}`;
}

/** A listing's title as a link to its page, with a second line under it. */
export function ListingCell({ listing, note }: { listing: ListingSummary; note: string }) {
  return (
    <>
      <Link
        component={RouterLink}
        to={`/bazaar/${listing.id}`}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {listing.title}
      </Link>
      <Typography
        variant="caption"
        component="div"
        sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
      >
        {note}
      </Typography>
    </>
  );
}

/** A trade's date in the player's zone: 'Nov 21, 14:05'. */
export const tradeDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
