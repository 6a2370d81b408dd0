import { landGoldView, vaultView, type LandState } from '@aleph/rules';
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
    },
    residents: land.residents,
  };
}

export function heroView({ row, eta }: HeroView): Hero {
  return {
    heroid: row.id,
    name: row.name,
    image: `/img/heroes/element-${row.element}-${row.sex}.svg`,
    rarity: row.rarity,
    sex: row.sex,
    element: row.element,
    generation: row.generation,
    skills: [...row.skills],
    busy: eta !== null,
    eta: eta ? eta.toISOString() : null,
    residenceid: row.residenceId,
  };
}
