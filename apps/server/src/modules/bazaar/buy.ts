import type { BazaarAnswer, BuyListingBody } from '@aleph/contracts';
import type { Db } from '../../db/client.js';

/** Buys a fixed-price listing, or an auction at its buy-now price (owner: helper C). */
export function buyListing(
  _db: Db,
  _buyerId: number,
  _id: number,
  _body: BuyListingBody,
  _now: Date,
): Promise<BazaarAnswer> {
  throw new Error('buyListing: not built yet');
}
