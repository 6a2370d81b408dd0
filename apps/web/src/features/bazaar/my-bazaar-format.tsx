import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { BazaarCurrency, ListingStatus, ListingSummary } from '@aleph/contracts';
import { useClock } from '../../lib/clock';
import { countdownLabel, countdownText } from '../../lib/countdown';
import { formatNumber } from '../../lib/format-number';

/** '1,500 gold', '20 platinum'. */
export const money = (amount: number, currency: BazaarCurrency) =>
  `${formatNumber(amount)} ${currency}`;

export const STATUS_TEXT: Record<ListingStatus, string> = {
  open: 'Open',
  sold: 'Sold',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const KIND_TEXT = { hero: 'Hero', land: 'Land', goods: 'Goods' } as const;

/** 'Hero, auction, 3 bids' or 'Goods, fixed price': what a row's listing is. */
export function listingKindText(listing: ListingSummary): string {
  const kind = KIND_TEXT[listing.kind];
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
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {note}
      </Typography>
    </>
  );
}

/** The time an open listing has left on the shared clock; 'Ending…' once the end has passed. */
export function TimeLeft({ endsAt }: { endsAt: string }) {
  const left = Date.parse(endsAt) - useClock();
  if (Number.isNaN(left)) return null;
  // The lib's text at zero speaks of heroes returning; a listing is being settled.
  const ended = left <= 0;
  return (
    <Box
      component="span"
      role="timer"
      aria-label={ended ? 'Ending' : countdownLabel(left)}
      sx={{ display: 'block', fontSize: '0.8125rem', color: 'text.secondary' }}
    >
      {ended ? 'Ending…' : countdownText(left)}
    </Box>
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
