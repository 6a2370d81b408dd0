import type { Hero, Land } from '@aleph/contracts';

/**
 * A land and a hero as the API sends them, for the tests of every feature: each field set, to
 * the values of a plain new one. A feature's test fixtures name what their tests rely on in
 * `overrides`.
 */
export function makeLand(landid: number, overrides: Partial<Land> = {}): Land {
  return {
    landid,
    name: null,
    image: '/img/lands/terrain-0.svg',
    terrain_type: 0,
    element: 0,
    continent: 0,
    x: 0,
    y: 0,
    gold: { leftover: 0, cap: 840, productivity: 120 },
    elements: [0, 0, 0, 0],
    shards: [0, 0, 0, 0],
    vault: {
      volume: [0, 0, 0, 0],
      cap: [0, 0, 0, 0],
      seals: [0, 0, 0, 0],
      drain: [0, 0, 0, 0],
      steps: [0, 0, 0, 0],
    },
    residents: 0,
    ...overrides,
  };
}

export function makeHero(heroid: number, overrides: Partial<Hero> = {}): Hero {
  return {
    heroid,
    name: `Hero ${heroid}`,
    image: '/img/heroes/element-0-0.svg',
    rarity: 0,
    sex: 0,
    element: 0,
    generation: 0,
    skills: [1, 2, 3, 4, 5, 6, 7, 8],
    busy: false,
    eta: null,
    residenceid: null,
    level: 0,
    xp: 0,
    xpToNext: 4000,
    baseSkills: [1, 1, 1, 1, 1, 1, 1, 1],
    upskills: [0, 0, 0, 0, 0, 0, 0, 0],
    pointsLeft: 0,
    pot: null,
    listingId: null,
    ...overrides,
  };
}
