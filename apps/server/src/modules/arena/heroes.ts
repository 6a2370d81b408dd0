import { sql, type SQL } from 'drizzle-orm';
import type { BattleHero, HeroState } from '@aleph/rules';
import type { ArenaHeroView } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { heroFromJson, heroJsonOf, type HeroJson } from '../../core/state.js';

/**
 * Heroes by id through the game's one hero loader (core/state.ts), so a battle reads
 * the same effective skills as a mission does: a Skill Pot counts while it works at `now`, the
 * app clock's time (docs/game-rules.md, Hero growth). Answers them in the order asked; a
 * missing id is left out.
 */
export async function loadHeroes(
  db: Executor,
  ids: readonly number[],
  now: Date,
): Promise<HeroState[]> {
  if (ids.length === 0) return [];
  const [row] = await queryRows<Record<string, HeroJson | null>>(
    db,
    sql`select ${sql.join(heroColumns(ids, 'h'), sql`, `)}`,
  );
  return heroesFrom(row, ids, 'h', now);
}

/** One JSON column per id, named `${prefix}0`, `${prefix}1` ..., for a query that reads more. */
export const heroColumns = (ids: readonly number[], prefix: string) =>
  ids.map((id, i) => sql`${heroJsonOf(id)} as ${sql.identifier(`${prefix}${i}`)}`);

/**
 * The heroes of an int[] expression as one JSON array in its order, a missing hero as null:
 * for a statement that reads them beside other things.
 */
export const heroList = (ids: SQL): SQL =>
  sql`(select json_agg(${heroJsonOf(sql`u.id`)} order by u.o) from unnest(${ids}) with ordinality as u(id, o))`;

/** The heroes of a `heroList` at `now` (the app clock's), missing ones left out. */
export const heroesOfList = (list: ReadonlyArray<HeroJson | null>, now: Date): HeroState[] =>
  list.flatMap((json) => (json ? [heroFromJson(json, now.getTime())] : []));

/**
 * The heroes of `heroColumns(ids, prefix)` in a result row, in the order asked, missing ones
 * left out, with their effective skills at `now` (the app clock's, never the machine's).
 */
export function heroesFrom(
  row: Record<string, unknown> | undefined,
  ids: readonly number[],
  prefix: string,
  now: Date,
): HeroState[] {
  return ids.flatMap((_, i) => {
    const json = row?.[`${prefix}${i}`] as HeroJson | null | undefined;
    return json ? [heroFromJson(json, now.getTime())] : [];
  });
}

/** The defence team as it stands: heroes of the list still owned by the player. */
export async function defenceHeroes(
  db: Executor,
  profileId: number,
  ids: readonly number[],
  now: Date,
): Promise<HeroState[]> {
  return (await loadHeroes(db, ids, now)).filter((h) => h.ownerId === profileId);
}

export const toBattleHero = (h: HeroState): BattleHero => ({
  heroId: h.id,
  name: h.name,
  element: h.element,
  skills: h.skills,
});

export const heroView = (h: HeroState): ArenaHeroView => ({
  id: h.id,
  name: h.name,
  element: h.element,
  rarity: h.rarity,
  busy: h.busy,
});
