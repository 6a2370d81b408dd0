import type { BazaarAnswer } from '@aleph/contracts';
import type { Db } from '../../db/client.js';

/** The seller cancels an open listing (owner: helper B). */
export function cancelListing(
  _db: Db,
  _profileId: number,
  _id: number,
  _now: Date,
): Promise<BazaarAnswer> {
  throw new Error('cancelListing: not built yet');
}
