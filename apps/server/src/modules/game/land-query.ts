import { asc, eq, sql } from 'drizzle-orm';
import type { LandState } from '@aleph/rules';
import type { Executor } from '../../db/client.js';
import type { landElements } from '../../db/schema.js';
import { lands } from '../../db/schema.js';
import { toLandState } from './land-row.js';

type ElementRow = typeof landElements.$inferSelect;

interface ElementJson {
  element: number;
  tower: number;
  seals: number;
  shards: number;
  volume: number | string;
  at: string;
}

/** A land's four elements and its resident count ride along as JSON: one round trip. */
const landColumns = {
  land: lands,
  elements: sql<ElementJson[] | null>`(select json_agg(json_build_object('element', e.element,
      'tower', e.tower_level, 'seals', e.seals, 'shards', e.shards, 'volume', e.vault_volume,
      'at', e.vault_at) order by e.element) from land_elements e where e.land_id = "lands"."id")`,
  // Qualified by hand: Drizzle renders a lone table's columns unqualified, and an
  // unqualified "id" inside this subquery would be the hero's.
  residents: sql<number>`(select count(*)::int from heroes h where h.residence_id = "lands"."id")`,
};

function toElementRows(landId: number, json: ElementJson[] | null): ElementRow[] {
  return (json ?? []).map((e) => ({
    landId,
    element: e.element,
    towerLevel: e.tower,
    seals: e.seals,
    shards: e.shards,
    vaultVolume: Number(e.volume),
    vaultAt: new Date(e.at),
  }));
}

type Row = { land: typeof lands.$inferSelect; elements: ElementJson[] | null; residents: number };
const toState = (r: Row): LandState =>
  toLandState(r.land, toElementRows(r.land.id, r.elements), Number(r.residents));

function buildOwnerQuery(db: Executor) {
  return db
    .select(landColumns)
    .from(lands)
    .where(eq(lands.ownerId, sql.placeholder('owner')))
    .orderBy(asc(lands.id))
    .prepare('lands_of_owner');
}

function buildOneQuery(db: Executor) {
  return db
    .select(landColumns)
    .from(lands)
    .where(eq(lands.id, sql.placeholder('id')))
    .prepare('land_by_id');
}

const ownerQueries = new WeakMap<object, ReturnType<typeof buildOwnerQuery>>();
const oneQueries = new WeakMap<object, ReturnType<typeof buildOneQuery>>();

export async function queryLandsOfOwner(db: Executor, ownerId: number): Promise<LandState[]> {
  let q = ownerQueries.get(db);
  if (!q) ownerQueries.set(db, (q = buildOwnerQuery(db)));
  return ((await q.execute({ owner: ownerId })) as Row[]).map(toState);
}

/** Outside a transaction (reads) the prepared form is used; a locking read builds its own. */
export async function queryLand(
  db: Executor,
  landId: number,
  forUpdate: boolean,
): Promise<LandState | null> {
  if (forUpdate) {
    const [row] = await db
      .select(landColumns)
      .from(lands)
      .where(eq(lands.id, landId))
      .for('update', { of: lands });
    return row ? toState(row as Row) : null;
  }
  let q = oneQueries.get(db);
  if (!q) oneQueries.set(db, (q = buildOneQuery(db)));
  const [row] = (await q.execute({ id: landId })) as Row[];
  return row ? toState(row) : null;
}

/** Several lands at once (settlement batches); rows are expected to be locked already. */
export async function queryLandsByIds(db: Executor, ids: readonly number[]): Promise<LandState[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(landColumns)
    .from(lands)
    .where(sql`${lands.id} = any(${`{${ids.join(',')}}`}::int[])`);
  return (rows as Row[]).map(toState);
}
