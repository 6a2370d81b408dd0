import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ListingSummary } from '@aleph/contracts';
import { SKILL_NAMES } from '@aleph/rules';
import { formatNumber } from '../../lib/format-number';
import { formatPrice, KIND_LABELS, listingFacts } from './listing-text';
import { TimeLeft } from './time-left';

/** A hero's eight skills in a line: the first three letters, the full name for assistive tech. */
function SkillLine({ skills }: { skills: number[] }) {
  return (
    <Box
      component="ul"
      aria-label="Skills"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      {skills.map((value, i) => (
        <Typography key={SKILL_NAMES[i] ?? i} component="li" variant="body2">
          <abbr title={SKILL_NAMES[i]} style={{ textDecoration: 'none' }}>
            {(SKILL_NAMES[i] ?? '').slice(0, 3)}
          </abbr>{' '}
          <b>{value}</b>
        </Typography>
      ))}
    </Box>
  );
}

function AuctionLine({ listing }: { listing: ListingSummary }) {
  const a = listing.auction!;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">
        {a.currentBid === null ? 'Start price' : 'Current bid'}:{' '}
        <b>{formatPrice(listing.price, listing.currency)}</b>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {a.bids === 1 ? '1 bid' : `${formatNumber(a.bids)} bids`} ·{' '}
        <TimeLeft endsAt={listing.endsAt} />
      </Typography>
    </Stack>
  );
}

/** A search result: what it is, its price, and a way to its page (docs/screens.md, Bazaar). */
export function ListingCard({ listing }: { listing: ListingSummary }) {
  const to = `/bazaar/${listing.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, minWidth: 0, display: 'flex' }}>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Chip size="small" label={KIND_LABELS[listing.kind]} />
          {listing.auction && <Chip size="small" color="secondary" label="Auction" />}
        </Stack>
        <Link
          component={RouterLink}
          to={to}
          variant="h6"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontSize: '1.05rem' }}
        >
          {listing.title}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {listingFacts(listing).join(' · ')}
        </Typography>
        {listing.skills && <SkillLine skills={listing.skills} />}
        <Typography variant="body2" color="text.secondary">
          Sold by {listing.seller.nickname}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {listing.auction ? (
          <AuctionLine listing={listing} />
        ) : (
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              {formatPrice(listing.price, listing.currency)}
            </Typography>
            <Button
              component={RouterLink}
              to={to}
              variant="contained"
              color="secondary"
              size="small"
              aria-label={`Buy ${listing.title}`}
            >
              Buy
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
