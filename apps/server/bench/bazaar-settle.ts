import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.js';
import { placeBid } from '../src/modules/bazaar/bids.js';
import { settleDueListings } from '../src/modules/bazaar/settle.js';
import type { BenchPlayer } from './players.js';

/** The settlement worker's batch (jobs/settlement-worker.ts drains in batches). */
const BATCH = 100;

/**
 * `count` one-day auctions of one Skill Pot, each with a bid placed through the Bazaar's own
 * code (the hold booked in the ledger), then made due at once and ended by one worker: the
 * time from the first batch to the last (docs/performance.md, Bazaar).
 */
export async function endAuctions(
  db: Db,
  bidders: readonly BenchPlayer[],
  sellers: readonly BenchPlayer[],
  count: number,
): Promise<{ count: number; ms: number }> {
  const now = new Date();
  const ids = await queryRows<{ id: number }>(
    db,
    sql`insert into bazaar_listings (seller_id, kind, item, quantity, title, good_key, currency,
          price, auction_days, start_price, listing_fee, created_at, ends_at)
        select (${`{${sellers.map((p) => p.id).join(',')}}`}::int[])[1 + g % ${sellers.length}],
          'goods', 'SKILL_POT', 1, 'SKILL_POT x1', 'item:SKILL_POT', 'gold', 10, 1, 10, 1,
          ${now}::timestamptz, ${now}::timestamptz + interval '1 hour'
        from generate_series(1, ${count}) g returning id`,
  );
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const i = next++;
      await placeBid(db, bidders[i % bidders.length]!.id, ids[i]!.id, 10, now);
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  const list = `{${ids.map((r) => r.id).join(',')}}`;
  await db.execute(
    sql`update bazaar_listings set ends_at = ${now}::timestamptz - interval '1 second'
        where id = any(${list}::int[])`,
  );
  const started = performance.now();
  let ended = 0;
  for (;;) {
    const n = await settleDueListings(db, new Date(), BATCH);
    if (n === 0) break;
    ended += n;
  }
  const ms = performance.now() - started;
  const [sold] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bazaar_listings where id = any(${list}::int[]) and status = 'sold'`,
  );
  if (sold?.n !== count) throw new Error(`[bazaar] ${sold?.n} of ${count} auctions sold`);
  return { count: ended, ms };
}
