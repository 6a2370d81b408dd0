import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { queryLandsByIds } from '../../core/land-query.js';
import { returningHeroes } from '../../core/state.js';
import { SettlementBatch, type DueMission } from './settle-batch.js';
import { writeBatch } from './settle-writes.js';

const DUE_COLUMNS = sql`m.id, m.profile_id, m.hero_id, m.land_id, m.type, m.params, m.seed, m.reservation, m.eta`;
const idList = (ids: readonly number[]) => sql.raw(`(${ids.join(',')})`);

const ids = (due: readonly DueMission[], key: 'hero_id' | 'land_id' | 'profile_id') =>
  [...new Set(due.map((m) => m[key]))].sort((a, b) => a - b);

/**
 * For a player's own read, which waits for rows instead of passing over them: all the
 * missions' heroes, then all their lands, then their players are locked in id order. A mission
 * start locks one hero and then one land, so the two never wait on each other in a circle.
 */
async function lockInIdOrder(tx: Tx, due: readonly DueMission[]) {
  if (due.length === 0) return;
  // Profiles, heroes, lands: the order every writer takes (core/land-query.ts, lockPlayer).
  await tx.execute(
    sql`select id from profiles where id in ${idList(ids(due, 'profile_id'))} order by id for no key update`,
  );
  await tx.execute(
    sql`select id from heroes where id in ${idList(ids(due, 'hero_id'))} order by id for no key update`,
  );
  await tx.execute(
    sql`select id from lands where id in ${idList(ids(due, 'land_id'))} order by id for no key update`,
  );
}

/**
 * Applies the outcomes of claimed, still-running missions, whose heroes, lands and players
 * the transaction already holds, exactly once. Effects are dated at each mission's ETA, not
 * at when a worker got to it, so a late worker changes nothing about the result or the week
 * it counts in.
 */
async function settleLocked(tx: Tx, due: readonly DueMission[], now: Date) {
  if (due.length === 0) return;
  const heroIds = ids(due, 'hero_id');
  const landIds = ids(due, 'land_id');
  const profileIds = ids(due, 'profile_id');
  // The batch bumps its players' cache versions once, with their balances, not once per
  // statement; the setting lasts until the transaction ends.
  await tx.execute(sql`select set_config('aleph.defer_versions', 'on', true)`);
  // Transfers change residents of the heroes' old homes too, so those are loaded as well.
  const heroes = await returningHeroes(tx, heroIds, now.getTime());
  const homes = heroes
    .map((h) => h.residence?.landId)
    .filter((id): id is number => id !== undefined);
  const lands = await queryLandsByIds(tx, [...new Set([...landIds, ...homes])]);
  const batch = new SettlementBatch(lands, heroes);
  for (const m of due) batch.apply(m);
  await writeBatch(tx, batch, profileIds, now);
}

/**
 * One settlement transaction: `claim` (what follows `select ... from missions m`) picks and
 * locks the due missions, `lock` takes whatever rows the claim did not, and the batch is
 * settled and written. Retried whole on a deadlock or serialization failure.
 */
function claimAndSettle(
  db: Db,
  now: Date,
  claim: SQL,
  lock: (tx: Tx, due: readonly DueMission[]) => Promise<void> = async () => undefined,
): Promise<number> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const due = await queryRows<DueMission>(
        tx,
        sql`select ${DUE_COLUMNS} from missions m ${claim}`,
      );
      await lock(tx, due);
      await settleLocked(tx, due, now);
      return due.length;
    }),
  );
}

/**
 * Settles up to `limit` due missions in one transaction. The claim locks each mission with
 * its hero, land and player, and passes over any mission one of whose rows another
 * transaction holds (SKIP LOCKED): several workers, and several lanes of one worker, share
 * the work without settling a mission twice, and a batch never waits on a request or on
 * another batch (settling the same land's missions in two batches at once would make the
 * second wait for the first). Passed-over missions are taken by a later batch. `dueBy` picks
 * the missions; `now` (the clock as the batch starts) stamps what the batch writes, so a batch
 * late in a long drain is not dated to the drain's start.
 */
export function settleDueBatch(
  db: Db,
  dueBy: Date,
  limit: number,
  now: Date = dueBy,
): Promise<number> {
  return claimAndSettle(
    db,
    now,
    sql`join heroes h on h.id = m.hero_id
        join lands l on l.id = m.land_id
        join profiles p on p.id = m.profile_id
        where m.status = 'running' and m.eta <= ${dueBy}
        order by m.eta, m.id limit ${limit}
        for update of m skip locked
        for no key update of h, l, p skip locked`,
  );
}

/**
 * Settles a player's own due missions before their read is answered. Unlike the worker it
 * waits for rows another process holds, so the read that follows sees the settled result.
 */
export async function settleDueFor(db: Db, profileId: number, now: Date): Promise<number> {
  const pending = await queryRows<{ id: number }>(
    db,
    sql`select id from missions where profile_id = ${profileId} and status = 'running' and eta <= ${now} limit 1`,
  );
  if (pending.length === 0) return 0;
  return settlePlayerDue(db, profileId, now);
}

/** The transaction of settleDueFor, for callers that already know something is due. */
export function settlePlayerDue(db: Db, profileId: number, now: Date): Promise<number> {
  return claimAndSettle(
    db,
    now,
    sql`where m.profile_id = ${profileId} and m.status = 'running' and m.eta <= ${now}
        order by m.eta, m.id for update`,
    lockInIdOrder,
  );
}
