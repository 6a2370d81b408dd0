import type { BazaarAnswer } from '@aleph/contracts';
import type { Db } from '../../db/client.js';

/** Bids on an auction, holding the amount (owner: helper C). */
export function placeBid(
  _db: Db,
  _bidderId: number,
  _id: number,
  _amount: number,
  _now: Date,
): Promise<BazaarAnswer> {
  throw new Error('placeBid: not built yet');
}
