import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { HeroState, LandState, Skills } from '@aleph/rules';
import type { Continent, Element, Rarity } from '@aleph/rules';
import type { Executor } from '../../db/client.js';
import { heroes, landElements, missions } from '../../db/schema.js';
import { queryLand, queryLandsOfOwner } from './land-query.js';

export { toLandState } from './land-row.js';

/** Loads the rules' view of lands and heroes from their rows. */

type ElementRow = typeof landElements.$inferSelect;
type HeroRow = typeof heroes.$inferSelect;

export async function residentCounts(
  db: Executor,
  landIds: readonly number[],
): Promise<Map<number, number>> {
  if (landIds.length === 0) return new Map();
  const rows = await db
    .select({ landId: heroes.residenceId, n: sql<number>`count(*)::int` })
    .from(heroes)
    .where(inArray(heroes.residenceId, [...landIds]))
    .groupBy(heroes.residenceId);
  return new Map(rows.map((r) => [Number(r.landId), Number(r.n)]));
}

export async function elementsOf(
  db: Executor,
  landIds: readonly number[],
): Promise<Map<number, ElementRow[]>> {
  const map = new Map<number, ElementRow[]>();
  if (landIds.length === 0) return map;
  const rows = await db
    .select()
    .from(landElements)
    .where(inArray(landElements.landId, [...landIds]))
    .orderBy(asc(landElements.landId), asc(landElements.element));
  for (const r of rows) map.set(r.landId, [...(map.get(r.landId) ?? []), r]);
  return map;
}

/** One land in the rules' shape; `forUpdate` locks its row for the rest of the transaction. */
export function loadLand(
  db: Executor,
  landId: number,
  forUpdate = false,
): Promise<LandState | null> {
  return queryLand(db, landId, forUpdate);
}

export function landsOfOwner(db: Executor, ownerId: number): Promise<LandState[]> {
  return queryLandsOfOwner(db, ownerId);
}

export interface HeroView {
  row: HeroRow;
  /** ETA of the hero's running mission, or null when free. */
  eta: Date | null;
}

function buildHeroesQuery(db: Executor) {
  return db
    .select({ hero: heroes, eta: missions.eta })
    .from(heroes)
    .leftJoin(missions, and(eq(missions.heroId, heroes.id), eq(missions.status, 'running')))
    .where(eq(heroes.ownerId, sql.placeholder('owner')))
    .orderBy(asc(heroes.id))
    .prepare('heroes_of_owner');
}
const heroQueries = new WeakMap<object, ReturnType<typeof buildHeroesQuery>>();

export async function heroesOfOwner(db: Executor, ownerId: number): Promise<HeroView[]> {
  let query = heroQueries.get(db);
  if (!query) heroQueries.set(db, (query = buildHeroesQuery(db)));
  const rows = await query.execute({ owner: ownerId });
  return rows.map((r) => ({ row: r.hero, eta: r.eta }));
}

/** The hero row with its busy flag and its residence's place, in one round trip. */
const heroColumns = {
  hero: heroes,
  busy: sql<boolean>`exists(select 1 from missions m where m.hero_id = "heroes"."id" and m.status = 'running')`,
  home: sql<{
    continent: number;
    x: number;
    y: number;
  } | null>`(select json_build_object('continent', r.continent,
    'x', r.x, 'y', r.y) from lands r where r.id = "heroes"."residence_id")`,
};

function toHeroState(found: {
  hero: HeroRow;
  busy: boolean;
  home: { continent: number; x: number; y: number } | null;
}): HeroState {
  const { hero: row, busy, home } = found;
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    busy: Boolean(busy),
    rarity: row.rarity as Rarity,
    element: row.element as Element,
    skills: row.skills as unknown as Skills,
    residence:
      row.residenceId !== null && home
        ? { landId: row.residenceId, continent: home.continent as Continent, x: home.x, y: home.y }
        : null,
  };
}

/**
 * The heroes of a settlement batch, which come home from their missions: none of them is busy
 * any more. The busy lookup is left out, since for hundreds of heroes PostgreSQL answers it
 * by reading every running mission (tens of thousands when a backlog is being settled).
 */
export async function returningHeroes(db: Executor, ids: readonly number[]): Promise<HeroState[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...heroColumns, busy: sql<boolean>`false` })
    .from(heroes)
    .where(sql`${heroes.id} = any(${`{${ids.join(',')}}`}::int[])`);
  return rows.map(toHeroState);
}

/** One hero in the rules' shape, with its residence's coordinates for travel time. */
export async function loadHero(
  db: Executor,
  heroId: number,
  forUpdate = false,
): Promise<HeroState | null> {
  const query = db.select(heroColumns).from(heroes).where(eq(heroes.id, heroId));
  const [found] = forUpdate ? await query.for('update', { of: heroes }) : await query;
  return found ? toHeroState(found) : null;
}
