import { sql } from 'drizzle-orm';
import type { FlaggedTransfer } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { signalsSince } from '../../core/clusters.js';

/**
 * Value moved between linked accounts within the signals window (docs/operations.md,
 * "Moderation"): arena battles, which can move rating from one to the other, and Bazaar sales,
 * which can move gold or platinum at any price the two agree on.
 */

/** The most transfers read for one page or one cluster. */
const MAX_TRANSFERS = 200;

interface BattleRow {
  id: number;
  created_at: Date | string;
  attacker_id: number;
  defender_id: number;
  winner: string;
  attacker_change: number;
  defender_change: number;
}

interface SaleRow {
  id: number;
  closed_at: Date | string;
  seller_id: number;
  buyer_id: number;
  sale_price: number | string;
}

/** A battle as a transfer: from the loser to the winner, the rating the winner gained. */
function battleTransfer(b: BattleRow): FlaggedTransfer {
  const attackerWon = b.winner === 'attacker';
  return {
    kind: 'arena',
    id: Number(b.id),
    at: new Date(b.created_at).toISOString(),
    fromId: Number(attackerWon ? b.defender_id : b.attacker_id),
    toId: Number(attackerWon ? b.attacker_id : b.defender_id),
    amount: Math.abs(Number(attackerWon ? b.attacker_change : b.defender_change)),
  };
}

/** A sale as a transfer: the price, from the buyer to the seller. */
function saleTransfer(s: SaleRow): FlaggedTransfer {
  return {
    kind: 'bazaar',
    id: Number(s.id),
    at: new Date(s.closed_at).toISOString(),
    fromId: Number(s.buyer_id),
    toId: Number(s.seller_id),
    amount: Number(s.sale_price),
  };
}

/**
 * The transfers of the window between two accounts of `ids` (and, with `involving`, only those
 * with that account on one side), newest first.
 */
export async function transfersWithin(
  db: Executor,
  ids: readonly number[],
  now: Date,
  involving?: number,
): Promise<FlaggedTransfer[]> {
  if (ids.length < 2) return [];
  const list = `{${ids.join(',')}}`;
  const from = signalsSince(now);
  const battleOf =
    involving === undefined ? sql`` : sql`and ${involving} in (attacker_id, defender_id)`;
  const saleOf = involving === undefined ? sql`` : sql`and ${involving} in (seller_id, buyer_id)`;
  const [battles, sales] = await Promise.all([
    queryRows<BattleRow>(
      db,
      sql`select id, created_at, attacker_id, defender_id, winner, attacker_change, defender_change
        from arena_battles
        where attacker_id = any(${list}::int[]) and defender_id = any(${list}::int[])
          and created_at > ${from} ${battleOf}
        order by created_at desc, id desc limit ${MAX_TRANSFERS}`,
    ),
    queryRows<SaleRow>(
      db,
      sql`select id, closed_at, seller_id, buyer_id, sale_price from bazaar_listings
        where status = 'sold' and seller_id = any(${list}::int[])
          and buyer_id = any(${list}::int[]) and closed_at > ${from} ${saleOf}
        order by closed_at desc, id desc limit ${MAX_TRANSFERS}`,
    ),
  ]);
  return [...battles.map(battleTransfer), ...sales.map(saleTransfer)]
    .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
    .slice(0, MAX_TRANSFERS);
}
