import {
  BidBody,
  BuyListingBody,
  CreateListingBody,
  ListingSearchQuery,
  PriceHistoryQuery,
  StaffCancelListingBody,
} from '@aleph/contracts';
import { idOf, MISSING, read, write, type Endpoint } from './abuse-endpoint-kit.js';

/**
 * The Bazaar (docs/api.md, "Bazaar"). The fuzzing player is below profile level 2, so buying
 * and bidding answer 403 FEATURE_LOCKED; a listing needs an Idempotency-Key header, which the
 * fuzzer never sends (400); the cancel names a listing that does not exist (404).
 */
export function bazaarEndpoints(): Endpoint[] {
  const listing = idOf(() => MISSING);
  return [
    read('/souq/bazaar/listings', {
      query: ListingSearchQuery,
      sample: () => ({
        query: { kind: 'hero', rarity: '1', minStrength: '10', sort: 'price', limit: '10' },
      }),
    }),
    write('/souq/bazaar/listings', {
      body: CreateListingBody,
      sample: (fx) => ({
        body: {
          kind: 'goods',
          landid: fx.landId,
          item: 'TOWER_STONE',
          quantity: 1,
          currency: 'gold',
          price: 500,
        },
      }),
    }),
    read('/souq/bazaar/listings/:id', listing),
    { ...write('/souq/bazaar/listings/:id', listing), method: 'DELETE' },
    write('/souq/bazaar/listings/:id/buy', {
      ...listing,
      body: BuyListingBody,
      sample: (fx) => ({ params: { id: MISSING }, body: { landid: fx.landId } }),
    }),
    write('/souq/bazaar/listings/:id/bids', {
      ...listing,
      body: BidBody,
      sample: () => ({ params: { id: MISSING }, body: { amount: 100 } }),
    }),
    read('/souq/bazaar/mine'),
    read('/souq/bazaar/prices', {
      query: PriceHistoryQuery,
      sample: () => ({ query: { kind: 'hero', rarity: '2', currency: 'gold' } }),
    }),
  ];
}

/**
 * The console's cancel of any open listing (docs/api.md, "Operators"): the sample names a
 * listing that does not exist (404 for staff); the fuzzing player has no staff role (404).
 */
export function staffBazaarEndpoints(): Endpoint[] {
  return [
    {
      ...write('/diwan/bazaar/:id/cancel', {
        params: { id: 'id' },
        body: StaffCancelListingBody,
        sample: () => ({ params: { id: MISSING }, body: { reason: 'A reason for the log' } }),
      }),
      staffOnly: true,
    },
  ];
}
