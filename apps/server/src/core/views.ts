import {
  effectiveSkills,
  landGoldView,
  pointsLeft,
  potActive,
  vaultView,
  xpToNextLevel,
  type HeroGrowth,
  type LandState,
  type Skills,
} from '@aleph/rules';
import type { Hero, Land } from '@aleph/contracts';
import type { HeroView } from './state.js';

/** API shapes (docs/api.md), evaluated at `now` (production and decay are lazy). */

export function landView(land: LandState, now: Date): Land {
  const vaults = vaultView(land, now.getTime());
  return {
    landid: land.id,
    name: land.name ?? null,
    image: `/img/lands/terrain-${land.terrain}.svg`,
    terrain_type: land.terrain,
    element: land.element,
    continent: land.continent,
    x: land.x,
    y: land.y,
    gold: landGoldView(land, now.getTime()),
    elements: [...land.towers],
    shards: [...land.shards],
    vault: {
      volume: vaults.map((v) => v.volume),
      cap: vaults.map((v) => v.cap),
      seals: vaults.map((v) => v.seals),
      drain: vaults.map((v) => v.drain),
      steps: vaults.map((v) => v.steps),
    },
    residents: land.residents,
  };
}

/**
 * A hero at `now`: `skills` are what the formulas read (base + upskills + a working pot);
 * `listings` maps listed heroes to their open listing (core/escrow.ts, heroListings).
 */
export function heroView(
  { row, eta }: HeroView,
  now: Date,
  listings: ReadonlyMap<number, number>,
): Hero {
  const pot =
    row.potSkill !== null && row.potUntil !== null
      ? { skill: row.potSkill, until: row.potUntil.getTime() }
      : null;
  const growth: HeroGrowth = {
    level: row.level,
    xp: row.xp,
    base: row.skills as unknown as Skills,
    upskills: row.upskills as unknown as Skills,
    pot,
  };
  const active = potActive(pot, now.getTime());
  return {
    heroid: row.id,
    name: row.name,
    image: `/img/heroes/element-${row.element}-${row.sex}.svg`,
    rarity: row.rarity,
    sex: row.sex,
    element: row.element,
    generation: row.generation,
    skills: [...effectiveSkills(growth, now.getTime())],
    busy: eta !== null,
    eta: eta ? eta.toISOString() : null,
    residenceid: row.residenceId,
    level: row.level,
    xp: row.xp,
    xpToNext: xpToNextLevel(row.level, row.xp),
    baseSkills: [...row.skills],
    upskills: [...row.upskills],
    pointsLeft: pointsLeft(growth),
    pot: active ? { skill: pot.skill, until: new Date(pot.until).toISOString() } : null,
    listingId: listings.get(row.id) ?? null,
  };
}
