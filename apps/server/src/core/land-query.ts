import { sql, type SQL } from 'drizzle-orm';
import type { LandState } from '@aleph/rules';
import { preparedRows, queryRows, type Executor } from '../db/client.js';
import { landFromJson, type LandJson } from './land-row.js';

/**
 * The one loader of lands in the rules' shape: the row `l` of `lands` with its four elements
 * and its resident count as one JSON value, so every caller (a read, a mission check, a start,
 * a grant, a settlement batch) reads a land in one round trip and converts it one way.
 */
const LAND_JSON = sql`json_build_object(
    'id', l.id, 'ownerId', l.owner_id, 'name', l.name, 'continent', l.continent, 'x', l.x, 'y', l.y,
    'terrain', l.terrain, 'element', l.element, 'leftover', l.gold_leftover, 'goldAt', l.gold_at,
    'createdAt', l.created_at,
    'elements', (select json_agg(json_build_object('element', e.element, 'tower', e.tower_level,
        'seals', e.seals, 'steps', e.seal_steps, 'shards', e.shards, 'volume', e.vault_volume, 'at', e.vault_at) order by e.element)
      from land_elements e where e.land_id = l.id),
    'residents', (select count(*) from heroes r where r.residence_id = l.id))`;

/** One land as a JSON scalar subquery, for a query that reads more than the land. */
export const landJsonOf = (landId: number): SQL =>
  sql`(select ${LAND_JSON} from lands l where l.id = ${landId})`;

const toStates = (rows: readonly { land: LandJson }[]) => rows.map((r) => landFromJson(r.land));

export async function queryLandsOfOwner(db: Executor, ownerId: number): Promise<LandState[]> {
  return toStates(
    await preparedRows<{ land: LandJson }>(
      db,
      'lands_of_owner',
      sql`select ${LAND_JSON} as land from lands l where l.owner_id = ${ownerId} order by l.id`,
    ),
  );
}

/**
 * Locking and reading are two statements, by construction. A locking statement that waited for
 * another transaction returns the newest version of the locked row itself, but every subquery of
 * that statement (the land's element rows, its residents) still sees the data as it was when
 * the statement began, before the other transaction committed. A writer that read the elements
 * that way and wrote them back would undo the other's change (a mission start's withdrawal of
 * elementals, say). So the row is locked first; the read that follows is a new statement and
 * sees everything committed up to the moment the lock was granted.
 */
async function lockThenRead(db: Executor, lock: SQL, landId: number): Promise<LandState | null> {
  const locked = await queryRows<{ id: number }>(db, lock);
  if (locked.length === 0) return null;
  return readLand(db, landId);
}

async function readLand(db: Executor, landId: number): Promise<LandState | null> {
  const rows = await preparedRows<{ land: LandJson }>(
    db,
    'land_by_id',
    sql`select ${LAND_JSON} as land from lands l where l.id = ${landId}`,
  );
  return toStates(rows)[0] ?? null;
}

/**
 * The order in which every transaction takes a player's rows: the player's profile first, then
 * heroes, then lands (several of a kind in id order). A writer that held a land and then came to
 * the profile (a grant's balance change bumps the owner's state version, migration 0006) while
 * a Lucky coin toss held the profile and waited for the land deadlocked; one of the two failed
 * after PostgreSQL's deadlock timeout. So the loaders that lock a land take its owner's profile
 * first, whatever the caller locked before (locking a row twice in one transaction is free).
 */
export async function lockPlayer(db: Executor, profileId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from profiles where id = ${profileId} for no key update`,
  );
  return rows.length > 0;
}

/**
 * One land; `forUpdate` locks its owner's profile and then its row for the rest of the
 * transaction, then reads it. The owner is read before the locks and checked in the land's
 * locking statement; a land that changed hands in between is locked again with its new owner.
 */
export async function queryLand(
  db: Executor,
  landId: number,
  forUpdate: boolean,
): Promise<LandState | null> {
  if (!forUpdate) return readLand(db, landId);
  for (;;) {
    const [row] = await queryRows<{ owner: number }>(
      db,
      sql`select owner_id as owner from lands where id = ${landId}`,
    );
    if (!row) return null;
    const land = await queryOwnLandForUpdate(db, landId, Number(row.owner));
    if (land) return land;
  }
}

/**
 * One land of `ownerId`, its row locked for the rest of the transaction (after the owner's
 * profile, lockPlayer) and then read; null when the land is not theirs. Ownership is in the locking statement's condition, so a land of anyone
 * else is never locked nor waited for: a request naming it answers at once, however long another
 * transaction holds that row.
 */
export async function queryOwnLandForUpdate(
  db: Executor,
  landId: number,
  ownerId: number,
): Promise<LandState | null> {
  if (!(await lockPlayer(db, ownerId))) return null;
  return lockThenRead(
    db,
    sql`select id from lands where id = ${landId} and owner_id = ${ownerId} for update`,
    landId,
  );
}

/** Several lands at once (settlement batches, purchase views); any order. */
export async function queryLandsByIds(db: Executor, ids: readonly number[]): Promise<LandState[]> {
  if (ids.length === 0) return [];
  return toStates(
    await queryRows<{ land: LandJson }>(
      db,
      sql`select ${LAND_JSON} as land from lands l where l.id = any(${`{${ids.join(',')}}`}::int[])`,
    ),
  );
}
