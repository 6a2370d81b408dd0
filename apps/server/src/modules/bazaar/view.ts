import type { ListingDetails } from '@aleph/contracts';
import type { Db, Executor } from '../../db/client.js';

/** One listing with what a buyer needs to judge it (owner: helper D). */
export function listingDetails(
  _db: Db | Executor,
  _id: number,
  _viewerId: number,
  _now: Date,
): Promise<ListingDetails> {
  throw new Error('listingDetails: not built yet');
}
