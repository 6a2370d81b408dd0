import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  effectiveSkills,
  type Continent,
  type Element,
  type HeroGrowth,
  type HeroState,
  type LandState,
  type Rarity,
  type Skills,
} from '@aleph/rules';
import { queryRows, type Executor } from '../db/client.js';
import { heroes, missions } from '../db/schema.js';
import { queryLand, queryLandsOfOwner, queryOwnLandForUpdate } from './land-query.js';

/**
 * The one loader of lands and heroes in the rules' shape. Lands come from land-query.ts;
 * heroes from here, as one JSON value with the busy flag and the residence's place.
 */

/** One land in the rules' shape; `forUpdate` locks its row for the rest of the transaction. */
export function loadLand(
  db: Executor,
  landId: number,
  forUpdate = false,
): Promise<LandState | null> {
  return queryLand(db, landId, forUpdate);
}

/**
 * A land of `ownerId`, its row locked; null for anyone else's, whose row is neither locked
 * nor waited for (land-query.ts).
 */
export function lockOwnLand(
  db: Executor,
  landId: number,
  ownerId: number,
): Promise<LandState | null> {
  return queryOwnLandForUpdate(db, landId, ownerId);
}

export function landsOfOwner(db: Executor, ownerId: number): Promise<LandState[]> {
  return queryLandsOfOwner(db, ownerId);
}

export interface HeroJson {
  id: number;
  ownerId: number;
  name: string;
  rarity: number;
  element: number;
  skills: number[];
  residenceId: number | null;
  busy: boolean;
  home: { continent: number; x: number; y: number } | null;
  /** Hero growth; absent in JSON built before it existed. */
  level?: number;
  xp?: number;
  upskills?: number[];
  potSkill?: number | null;
  potUntil?: string | null;
}

/** The hero row `h` as JSON; `busy` is the SQL that tells whether it is on a mission. */
const heroJson = (busy: SQL) => sql`json_build_object(
    'id', h.id, 'ownerId', h.owner_id, 'name', h.name, 'rarity', h.rarity, 'element', h.element,
    'skills', h.skills, 'residenceId', h.residence_id, 'busy', ${busy},
    'level', h.level, 'xp', h.xp, 'upskills', h.upskills, 'potSkill', h.pot_skill,
    'potUntil', h.pot_until,
    'home', (select json_build_object('continent', r.continent, 'x', r.x, 'y', r.y)
             from lands r where r.id = h.residence_id))`;
const BUSY = sql`exists(select 1 from missions m where m.hero_id = h.id and m.status = 'running')`;

/**
 * One hero as a JSON scalar subquery, for a query that reads more than the hero; `heroId` may
 * be SQL (a column of the query, e.g. an id of the arena's defence list).
 */
export const heroJsonOf = (heroId: number | SQL): SQL =>
  sql`(select ${heroJson(BUSY)} from heroes h where h.id = ${heroId})`;

/** The hero's growth as the rules read it: level, hero XP, base skills, upskills and pot. */
export function growthFromJson(j: HeroJson): HeroGrowth {
  const pot =
    j.potSkill !== null && j.potSkill !== undefined && j.potUntil
      ? { skill: j.potSkill, until: new Date(j.potUntil).getTime() }
      : null;
  return {
    level: j.level ?? 0,
    xp: j.xp ?? 0,
    base: j.skills as unknown as Skills,
    upskills: (j.upskills ?? [0, 0, 0, 0, 0, 0, 0, 0]) as unknown as Skills,
    pot,
  };
}

/**
 * A hero in the rules' shape. `skills` are the effective skills at `now` (base + upskills +
 * a pot still working, at most 100): every formula reads them; `growth` keeps the parts.
 */
export function heroFromJson(j: HeroJson, now: number): HeroState {
  const growth = growthFromJson(j);
  return {
    id: j.id,
    ownerId: j.ownerId,
    name: j.name,
    busy: Boolean(j.busy),
    rarity: j.rarity as Rarity,
    element: j.element as Element,
    skills: effectiveSkills(growth, now),
    growth,
    residence:
      j.residenceId !== null && j.home
        ? {
            landId: j.residenceId,
            continent: j.home.continent as Continent,
            x: j.home.x,
            y: j.home.y,
          }
        : null,
  };
}

/**
 * The heroes of a settlement batch, which come home from their missions: none of them is busy
 * any more. The busy lookup is left out, since for hundreds of heroes PostgreSQL answers it
 * by reading every running mission (tens of thousands when a backlog is being settled).
 */
export async function returningHeroes(
  db: Executor,
  ids: readonly number[],
  now: number,
): Promise<HeroState[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ hero: HeroJson }>(
    db,
    sql`select ${heroJson(sql`false`)} as hero from heroes h
        where h.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return rows.map((r) => heroFromJson(r.hero, now));
}

/** The API's view of a hero: its row and the ETA of its running mission (null when free). */
export interface HeroView {
  row: typeof heroes.$inferSelect;
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
