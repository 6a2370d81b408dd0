import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ListingDetails } from '@aleph/contracts';
import { formatMessageDate } from '@aleph/rules';
import { DetailList, type Detail } from '../../lib/detail-list';
import { FeatureGate } from '../../lib/feature-gate';
import { SectionCard } from '../../lib/section-card';
import { BidForm } from './bid-form';
import { BuyButton } from './buy-button';
import { compactTable, formatPrice, type Outcome, type Report } from './listing-text';
import { OwnListing } from './own-listing';
import { TimeLeft } from './time-left';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (iso: string) => formatMessageDate(Date.parse(iso), zone());

/** 'Sold for N gold on <date>', 'Cancelled' or 'Expired'. */
export function closedText(l: ListingDetails): string {
  if (l.status === 'sold' && l.salePrice !== null) {
    const on = l.closedAt ? ` on ${when(l.closedAt)}` : '';
    return `Sold for ${formatPrice(l.salePrice, l.currency)}${on}`;
  }
  return l.status === 'cancelled' ? 'Cancelled' : 'Expired';
}

function priceDetails(l: ListingDetails): Detail[] {
  const a = l.auction;
  if (!a) return [{ term: 'Price', value: formatPrice(l.price, l.currency) }];
  return [
    { term: 'Start price', value: formatPrice(a.startPrice, l.currency) },
    {
      term: 'Current bid',
      value: a.currentBid === null ? 'No bids yet' : formatPrice(a.currentBid, l.currency),
    },
    { term: 'Minimum next bid', value: formatPrice(a.minNextBid, l.currency) },
    ...(a.buyNow === null ? [] : [{ term: 'Buy now', value: formatPrice(a.buyNow, l.currency) }]),
  ];
}

function BidHistory({ listing }: { listing: ListingDetails }) {
  if (listing.bidHistory.length === 0) return null;
  return (
    <Table size="small" aria-label="Bid history" sx={compactTable}>
      <TableHead>
        <TableRow>
          <TableCell>Bidder</TableCell>
          <TableCell align="right">Bid</TableCell>
          <TableCell>Time</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {listing.bidHistory.map((b) => (
          <TableRow key={`${b.at}-${b.amount}`}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{b.bidder.nickname}</TableCell>
            <TableCell align="right">{formatPrice(b.amount, listing.currency)}</TableCell>
            <TableCell>{when(b.at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What a buyer may do now: buy, bid, or (level one) the lock's sentence. */
function Actions({ listing, report }: { listing: ListingDetails; report: Report }) {
  const a = listing.auction;
  return (
    <FeatureGate flag="profileLevel2">
      <Stack spacing={2}>
        {listing.leading && <Alert severity="success">Your bid leads.</Alert>}
        {!a && <BuyButton listing={listing} amount={listing.price} report={report} />}
        {a && <BidForm listing={listing} report={report} />}
        {a && a.buyNow !== null && (
          <BuyButton listing={listing} amount={a.buyNow} report={report} />
        )}
      </Stack>
    </FeatureGate>
  );
}

/** The listing's price, time and history, and the steps open to this player. */
export function ListingTrade({ listing }: { listing: ListingDetails }) {
  // Kept here, above the buttons: a purchase closes the listing and they leave the page.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const open = listing.status === 'open';
  const time: Detail[] = open
    ? [
        {
          term: listing.auction ? 'Ends in' : 'Expires in',
          value: <TimeLeft endsAt={listing.endsAt} />,
        },
      ]
    : [];
  return (
    <SectionCard title={listing.auction ? 'Auction' : 'Fixed price'}>
      <DetailList details={[...priceDetails(listing), ...time]} />
      {!open && <Typography sx={{ fontWeight: 600 }}>{closedText(listing)}</Typography>}
      {open && listing.mine && <OwnListing listing={listing} report={setOutcome} />}
      {open && !listing.mine && <Actions listing={listing} report={setOutcome} />}
      {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      <BidHistory listing={listing} />
    </SectionCard>
  );
}
