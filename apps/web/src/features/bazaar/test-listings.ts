import type { ListingDetails, ListingSummary, PriceHistory } from '@aleph/contracts';

/** Listings as the server answers them (packages/contracts/src/bazaar.ts), for the screens' tests. */
export function summary(over: Partial<ListingSummary> = {}): ListingSummary {
  return {
    id: 7,
    kind: 'hero',
    title: 'Kaelen',
    seller: { profileid: 2, nickname: 'Merchant' },
    currency: 'gold',
    price: 1200,
    quantity: 1,
    auction: null,
    status: 'open',
    createdAt: '2026-11-27T10:00:00.000Z',
    endsAt: '2099-12-01T10:00:00.000Z',
    rarity: 2,
    element: 1,
    terrain: null,
    level: 3,
    skills: [40, 22, 31, 18, 25, 12, 30, 44],
    item: null,
    heroid: 31,
    landid: null,
    ...over,
  };
}

export function details(over: Partial<ListingDetails> = {}): ListingDetails {
  return {
    ...summary(),
    hero: {
      heroid: 31,
      name: 'Kaelen',
      rarity: 2,
      element: 1,
      sex: 1,
      generation: 0,
      level: 3,
      xp: 1500,
      skills: [40, 22, 31, 18, 25, 12, 30, 44],
      upskills: [2, 0, 0, 0, 0, 0, 0, 3],
    },
    land: null,
    bidHistory: [],
    mine: false,
    leading: false,
    listingFee: 12,
    salePrice: null,
    saleFee: null,
    closedAt: null,
    buyer: null,
    ...over,
  };
}

export const FEATURES = ['profileLevel1', 'profileLevel2'];

export const HISTORY: PriceHistory = {
  series: 'hero:2',
  currency: 'gold',
  days: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    median: i % 3 === 0 ? 1000 + i * 10 : null,
    volume: i % 3 === 0 ? 2 : 0,
  })),
};
