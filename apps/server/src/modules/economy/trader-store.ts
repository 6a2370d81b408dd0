import { sql } from 'drizzle-orm';
import { traderKey, utcDayStart, type PressureSnapshot, type TraderGood } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { jsonRows } from '../../core/json-rows.js';
import { GLOBAL_TTL_MS, perDatabase, ProcessCache } from '../../lib/process-cache.js';

/** The trader's pressure rows and a player's sales of the day (docs/game-rules.md, Gold economy). */

interface PressureRow {
  good: string;
  pressure: number;
  at: string | Date;
}

const snapshotOf = (r: PressureRow): PressureSnapshot => ({
  pressure: Number(r.pressure),
  at: new Date(r.at).getTime(),
});

/** Every good's snapshot, unlocked: for quotes. A good nobody has traded has none. */
export async function allPressures(db: Executor): Promise<Map<string, PressureSnapshot>> {
  const rows = await queryRows<PressureRow>(
    db,
    sql`select good, pressure, at from trader_pressure`,
  );
  return new Map(rows.map((r) => [r.good, snapshotOf(r)]));
}

/**
 * One good's snapshot with its row locked until the transaction ends: trades of the good run
 * one after another, each priced on the pressure its predecessor left. For an item, the same
 * round trip reads its balance on each of `landIds` (lands the caller has locked, so the
 * balances cannot change while the statement waits for the good's row).
 */
export async function lockPressure(
  tx: Executor,
  good: TraderGood,
  now: Date,
  landIds: readonly number[] = [],
): Promise<{ snapshot: PressureSnapshot; items: Map<number, number> }> {
  const key = traderKey(good);
  const code = good.type === 'item' ? good.code : '';
  const read = () =>
    queryRows<PressureRow & { items: Array<{ l: number; b: number | string }> | null }>(
      tx,
      sql`select good, pressure, at,
            (select json_agg(json_build_object('l', land_id, 'b', balance)) from land_items
             where land_id = any(${`{${landIds.join(',')}}`}::int[]) and item_code = ${code}) as items
          from trader_pressure where good = ${key} for update`,
    );
  let [row] = await read();
  if (!row) {
    await tx.execute(
      sql`insert into trader_pressure (good, pressure, at) values (${key}, 0, ${now}) on conflict do nothing`,
    );
    [row] = await read();
  }
  if (!row) throw new Error(`trader_pressure row ${key} missing`);
  const items = new Map((row.items ?? []).map((i) => [Number(i.l), Number(i.b)]));
  return { snapshot: snapshotOf(row), items };
}

/** The profiles of a batch's players locked, in id order: their gold, platinum and state version. */
export async function lockWallets(tx: Executor, profileIds: readonly number[]) {
  const rows = await queryRows<{ id: number; gold: string; platinum: string; version: number }>(
    tx,
    sql`select id, gold, platinum, state_version::float8 as version from profiles
        where id = any(${`{${profileIds.join(',')}}`}::int[]) order by id for update`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { gold: Number(r.gold), platinum: Number(r.platinum), version: Number(r.version) },
    ]),
  );
}

/**
 * Gold each player received from the trader today, as last booked or read in this process,
 * with the player's state version then. Every sale changes the seller's gold, which moves the
 * version (migration 0006), so an entry whose version is still the player's is exact, whatever
 * other processes did; any other entry is read again.
 */
export const soldCache = perDatabase(
  () => new Map<number, { version: number; day: number; sold: number }>(),
);
const SOLD_CACHE_MAX = 50_000;

export function rememberSold(
  cache: Map<number, { version: number; day: number; sold: number }>,
  entries: ReadonlyArray<{ profileId: number; version: number; day: number; sold: number }>,
) {
  for (const e of entries) {
    cache.delete(e.profileId);
    cache.set(e.profileId, { version: e.version, day: e.day, sold: e.sold });
  }
  while (cache.size > SOLD_CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}

/**
 * Locks a batch's lands (id order) and reads, for players whose profiles the caller has
 * locked, the answers stored under their keys and the gold each received from the trader
 * since midnight UTC. Both only change under the profile lock, so the statement's snapshot,
 * taken after those locks, is current whatever it waits for. Only a land owned by the player
 * whose order names it is locked (the ownership is in the locking condition): a land of anyone
 * else is neither locked nor waited for, and its order answers 404 with the batch at once.
 * Answers the ids of the lands locked.
 */
export async function lockBatchLands(
  tx: Executor,
  orders: ReadonlyArray<{ profileId: number; key: string; landId: number }>,
  now: Date,
  /** The players whose sales of the day to read (the others' are known). */
  soldOf: readonly number[],
) {
  const since = new Date(utcDayStart(now.getTime()));
  const ids = `{${soldOf.join(',')}}`;
  const owned = jsonRows(orders.map((o) => ({ l: o.landId, p: o.profileId })));
  const keys = jsonRows(orders.map((o) => ({ p: o.profileId, k: o.key })));
  const [row] = await queryRows<{
    lands: number[] | null;
    listed: number[] | null;
    earlier: Array<{ p: number; action: string; request: unknown; response: unknown }> | null;
    sold: Array<{ p: number; s: number | string }> | null;
  }>(
    tx,
    sql`with locked as (select id from lands
          where (id, owner_id) in (select v.l, v.p from jsonb_to_recordset(${owned}) as v(l int, p int))
          order by id for update)
        select (select json_agg(id) from locked) as lands,
          (select json_agg(b.land_id) from bazaar_listings b
             where b.status = 'open' and b.land_id in (select id from locked)) as listed,
          (select json_agg(json_build_object('p', r.profile_id, 'action', r.action,
                  'request', r.request, 'response', r.response))
             from economy_requests r
             join jsonb_to_recordset(${keys}) as v(p int, k text)
               on r.profile_id = v.p and r.idempotency_key = v.k) as earlier,
          (select json_agg(json_build_object('p', profile_id, 's', s)) from (
             select profile_id, sum(total) as s from trader_trades
             where profile_id = any(${ids}::int[]) and side = 'sell' and created_at >= ${since}
             group by profile_id) d) as sold`,
  );
  return {
    lands: (row?.lands ?? []).map(Number),
    /** Lands in an open Bazaar listing: frozen with their inventory (core/escrow.ts). */
    listed: new Set((row?.listed ?? []).map(Number)),
    earlier: new Map((row?.earlier ?? []).map((e) => [Number(e.p), e])),
    sold: new Map((row?.sold ?? []).map((s) => [Number(s.p), Number(s.s)])),
  };
}

/**
 * A batch's answers under their keys, its trades in order, and the good's new snapshot, in one
 * statement (the caller holds the good's row lock).
 */
export async function bookTrades(
  tx: Executor,
  good: string,
  after: PressureSnapshot,
  requests: ReadonlyArray<{ p: number; k: string; a: string; r: object; s: object }>,
  trades: ReadonlyArray<{
    n: number;
    p: number;
    l: number;
    s: string;
    q: number;
    u: number;
    t: number;
    pr: number;
  }>,
  now: Date,
  profileIds: readonly number[],
): Promise<Map<number, number>> {
  const at = new Date(after.at);
  // The last statement of the batch: the versions it reads are those the batch commits.
  const rows = await queryRows<{ id: number; version: number }>(
    tx,
    sql`with saved as (
          insert into economy_requests (profile_id, idempotency_key, action, request, response, created_at)
          select p, k, a, r, s, ${now} from jsonb_to_recordset(${jsonRows(requests)})
            as v(p int, k text, a text, r jsonb, s jsonb)
        ), moved as (
          update trader_pressure set pressure = ${after.pressure}, at = ${at} where good = ${good}
        ), booked as (
          insert into trader_trades (profile_id, land_id, good, side, quantity, unit_price, total, pressure, created_at)
          select p, l, ${good}, s, q, u, t, pr, ${at}
          from jsonb_to_recordset(${jsonRows(trades)})
            as v(n int, p int, l int, s text, q int, u int, t bigint, pr float8)
          order by n
        )
        select id, state_version::float8 as version from profiles
        where id = any(${`{${profileIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.version)]));
}

/**
 * Every good's snapshot as of at most a second ago, for quotes (docs/performance.md, Gold
 * economy): the desk applies this process's trades at once, another process's show within the
 * second, and a trade is priced on the locked row whatever its quote said.
 */
export const pressureCache = perDatabase(
  (db) => new ProcessCache(() => allPressures(db), GLOBAL_TTL_MS),
);

/** Gold the player received from the trader since midnight UTC. */
export async function soldToday(db: Executor, profileId: number, now: Date): Promise<number> {
  const since = new Date(utcDayStart(now.getTime()));
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(total), 0) as total from trader_trades
        where profile_id = ${profileId} and side = 'sell' and created_at >= ${since}`,
  );
  return Number(row?.total ?? 0);
}
