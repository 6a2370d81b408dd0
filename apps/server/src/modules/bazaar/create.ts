import type { BazaarAnswer, CreateListingBody } from '@aleph/contracts';
import type { Db } from '../../db/client.js';

/** Lists a hero, land or goods (owner: helper B). */
export function createListing(
  _db: Db,
  _sellerId: number,
  _body: CreateListingBody,
  _key: string,
  _now: Date,
): Promise<BazaarAnswer> {
  throw new Error('createListing: not built yet');
}
