import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BazaarTrade, MyBazaar, MyBid } from '@aleph/contracts';
import { formatPrice } from './listing-text';
import { ListingCell, listingKindText, STATUS_TEXT, tradeDate } from './my-bazaar-format';
import { MyBazaarTable, type Column } from './my-bazaar-table';
import { TimeLeft } from './time-left';

type MyListing = MyBazaar['listings'][number];

/** An open listing's time left, on a line of its own. */
const Ends = ({ endsAt }: { endsAt: string }) => (
  <Box component="span" sx={{ display: 'block' }}>
    <TimeLeft endsAt={endsAt} />
  </Box>
);

/** A second, quieter line in a cell. */
const Line = ({ children }: { children: string }) => (
  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
    {children}
  </Typography>
);

const LISTING_COLUMNS: Column<MyListing>[] = [
  { head: 'Listing', cell: (l) => <ListingCell listing={l} note={listingKindText(l)} /> },
  {
    head: 'Price',
    align: 'right',
    cell: (l) => (
      <>
        {formatPrice(l.price, l.currency)}
        {l.auction && <Line>{l.auction.currentBid === null ? 'Start price' : 'Current bid'}</Line>}
        <Line>{`Fee paid: ${formatPrice(l.listingFee, l.currency)}`}</Line>
      </>
    ),
  },
  {
    head: 'Status',
    cell: (l) => (
      <>
        {STATUS_TEXT[l.status]}
        {l.status === 'open' && <Ends endsAt={l.endsAt} />}
      </>
    ),
  },
];

/** Open listings first, then the closed ones, each in the server's order (newest first). */
export function MyListingsTable({ listings }: { listings: MyBazaar['listings'] }) {
  const ordered = [
    ...listings.filter((l) => l.status === 'open'),
    ...listings.filter((l) => l.status !== 'open'),
  ];
  return (
    <MyBazaarTable
      label="My listings"
      columns={LISTING_COLUMNS}
      rows={ordered}
      rowKey={(l) => l.id}
      empty="You have no listings. Sell a hero, a land or goods from its page."
    />
  );
}

/** Where a bid stands: its hold is kept while it leads and released once outbid. */
function bidState(bid: MyBid, won: boolean): string {
  if (won) return 'Won';
  if (bid.held) return 'Leading, held';
  return bid.listing.status === 'cancelled' ? 'Cancelled, released' : 'Outbid, released';
}

export function MyBidsTable({ bids, purchases }: Pick<MyBazaar, 'bids' | 'purchases'>) {
  const bought = new Set(purchases.map((p) => p.listing.id));
  const columns: Column<MyBid>[] = [
    {
      head: 'Listing',
      cell: (b) => (
        <>
          <ListingCell listing={b.listing} note={listingKindText(b.listing)} />
          {b.listing.status === 'open' && <Ends endsAt={b.listing.endsAt} />}
        </>
      ),
    },
    {
      head: 'Your bid',
      align: 'right',
      cell: (b) => (
        <>
          {formatPrice(b.amount, b.listing.currency)}
          <Line>
            {`${b.listing.status === 'open' ? 'Leads' : 'Ended at'}: ${formatPrice(b.listing.price, b.listing.currency)}`}
          </Line>
        </>
      ),
    },
    { head: 'State', cell: (b) => bidState(b, bought.has(b.listing.id)) },
  ];
  return (
    <MyBazaarTable
      label="My bids"
      columns={columns}
      rows={bids}
      rowKey={(b) => b.listing.id}
      empty="You have no bids."
    />
  );
}

export function TradesTable({ trades, side }: { trades: BazaarTrade[]; side: 'bought' | 'sold' }) {
  const columns: Column<BazaarTrade>[] = [
    {
      head: 'Listing',
      cell: (t) => (
        <ListingCell
          listing={t.listing}
          note={`${side === 'bought' ? 'From' : 'To'} ${t.counterpart.nickname}`}
        />
      ),
    },
    {
      head: 'Price',
      align: 'right',
      cell: (t) => {
        const c = t.listing.currency;
        return (
          <>
            {formatPrice(t.price, c)}
            <Line>{`Sale fee: ${formatPrice(t.saleFee, c)}`}</Line>
            <Line>{`Listing fee: ${formatPrice(t.listingFee, c)}`}</Line>
            <Line>{`Proceeds: ${formatPrice(t.proceeds, c)}`}</Line>
          </>
        );
      },
    },
    { head: 'Date', cell: (t) => tradeDate(t.at) },
  ];
  return (
    <MyBazaarTable
      label={side === 'bought' ? 'Purchases' : 'Sales'}
      columns={columns}
      rows={trades}
      rowKey={(t) => t.listing.id}
      empty={side === 'bought' ? 'You have bought nothing yet.' : 'You have sold nothing yet.'}
    />
  );
}
