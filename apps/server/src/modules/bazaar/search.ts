import type { ListingPage, ListingSearchQuery } from '@aleph/contracts';
import type { Db } from '../../db/client.js';

/** Open listings, filtered, sorted, by keyset cursor (owner: helper D). */
export function searchListings(_db: Db, _q: ListingSearchQuery, _now: Date): Promise<ListingPage> {
  throw new Error('searchListings: not built yet');
}
