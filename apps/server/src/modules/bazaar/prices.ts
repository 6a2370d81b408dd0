import type { PriceHistory, PriceHistoryQuery } from '@aleph/contracts';
import type { Db } from '../../db/client.js';

/** One price series by day (owner: helper D). */
export function priceHistory(_db: Db, _q: PriceHistoryQuery, _now: Date): Promise<PriceHistory> {
  throw new Error('priceHistory: not built yet');
}
