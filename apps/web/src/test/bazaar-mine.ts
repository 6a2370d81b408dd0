import type { BazaarTrade, ListingSummary, MyBazaar } from '@aleph/contracts';

/** My Bazaar as the server sends it, for the Bazaar's web tests. */

export const LATER = new Date(Date.now() + 2 * 86_400_000).toISOString();

export function listing(id: number, change: Partial<ListingSummary> = {}): ListingSummary {
  return {
    id,
    kind: 'hero',
    title: `Hero ${id}`,
    seller: { profileid: 1, nickname: 'ayla' },
    currency: 'gold',
    price: 1000,
    quantity: 1,
    auction: null,
    status: 'open',
    createdAt: '2026-11-20T10:00:00.000Z',
    endsAt: LATER,
    rarity: 1,
    element: 0,
    terrain: null,
    level: 1,
    skills: null,
    item: null,
    heroid: id,
    landid: null,
    ...change,
  };
}

const auction = (currentBid: number | null, bids: number) => ({
  startPrice: 200,
  buyNow: null,
  currentBid,
  bids,
  minNextBid: currentBid === null ? 200 : Math.ceil(currentBid * 1.05),
  days: 3,
});

function trade(l: ListingSummary, nickname: string): BazaarTrade {
  return {
    listing: { ...l, status: 'sold' },
    price: 1000,
    saleFee: 50,
    listingFee: 10,
    proceeds: 950,
    counterpart: { profileid: 9, nickname },
    at: '2026-11-21T14:05:00.000Z',
  };
}

const won = listing(22, { title: 'Fire Seal x4', kind: 'goods', status: 'sold' });

export const MINE: MyBazaar = {
  listings: [
    { ...listing(10, { title: 'Oasis', kind: 'land', status: 'cancelled' }), listingFee: 5 },
    { ...listing(11, { title: 'Zara', price: 300, auction: auction(300, 2) }), listingFee: 2 },
    { ...listing(12, { title: '3 Air shards', kind: 'goods', quantity: 3 }), listingFee: 10 },
  ],
  bids: [
    {
      listing: listing(20, { title: 'Ulaek', auction: auction(400, 1) }),
      amount: 400,
      held: true,
      at: LATER,
    },
    {
      listing: listing(21, { title: 'Fenith', price: 630, auction: auction(630, 3) }),
      amount: 600,
      held: false,
      at: LATER,
    },
    { listing: { ...won, auction: auction(1000, 2) }, amount: 1000, held: false, at: LATER },
  ],
  purchases: [trade(won, 'omar')],
  sales: [trade(listing(30, { title: 'Cael' }), 'lina')],
};
