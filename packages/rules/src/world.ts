/**
 * The world's enumerations. Numeric values are the ones the API and the database carry
 * (docs/api.md); names are for display and reports.
 */

export const Terrain = { Valley: 0, Forest: 1, Mountains: 2, River: 3, Arctic: 4 } as const;
export type Terrain = (typeof Terrain)[keyof typeof Terrain];
export const TERRAINS: readonly Terrain[] = Object.values(Terrain);
export const TERRAIN_NAMES = ['Valley', 'Forest', 'Mountains', 'River', 'Arctic'] as const;

export const Element = { Air: 0, Fire: 1, Water: 2, Earth: 3 } as const;
export type Element = (typeof Element)[keyof typeof Element];
export const ELEMENTS: readonly Element[] = Object.values(Element);
export const ELEMENT_NAMES = ['Air', 'Fire', 'Water', 'Earth'] as const;

export const Continent = { Aleph: 0, Beth: 1 } as const;
export type Continent = (typeof Continent)[keyof typeof Continent];
export const CONTINENT_NAMES = ['Aleph', 'Beth'] as const;

export const Rarity = { Common: 0, Uncommon: 1, Rare: 2, Epic: 3, Legendary: 4 } as const;
export type Rarity = (typeof Rarity)[keyof typeof Rarity];
export const RARITIES: readonly Rarity[] = Object.values(Rarity);
export const RARITY_NAMES = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'] as const;

export const Sex = { Female: 0, Male: 1 } as const;
export type Sex = (typeof Sex)[keyof typeof Sex];
export const SEXES: readonly Sex[] = Object.values(Sex);
export const SEX_NAMES = ['Female', 'Male'] as const;

/** Index of each skill in a hero's `skills` array, in the order of docs/screens.md. */
export const Skill = {
  Mastery: 0,
  Intelligence: 1,
  Resilience: 2,
  Agility: 3,
  Charisma: 4,
  Luck: 5,
  Efficiency: 6,
  Strength: 7,
} as const;
export type Skill = (typeof Skill)[keyof typeof Skill];
export const SKILL_NAMES = [
  'Mastery',
  'Intelligence',
  'Resilience',
  'Agility',
  'Charisma',
  'Luck',
  'Efficiency',
  'Strength',
] as const;

/** Eight skill values, indexed by `Skill`. */
export type Skills = readonly [number, number, number, number, number, number, number, number];
/** One value per element, indexed by `Element` (towers, seals, vaults, shards). */
export type PerElement<T> = readonly [T, T, T, T];

function isMember<T extends number>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'number' && (values as readonly number[]).includes(value);
}

export const isTerrain = (value: unknown): value is Terrain => isMember(TERRAINS, value);
export const isElement = (value: unknown): value is Element => isMember(ELEMENTS, value);
export const isRarity = (value: unknown): value is Rarity => isMember(RARITIES, value);
export const isSex = (value: unknown): value is Sex => isMember(SEXES, value);

export const terrainName = (terrain: Terrain): string => TERRAIN_NAMES[terrain];
export const elementName = (element: Element): string => ELEMENT_NAMES[element];
export const continentName = (continent: Continent): string => CONTINENT_NAMES[continent];
export const rarityName = (rarity: Rarity): string => RARITY_NAMES[rarity];
export const skillName = (skill: Skill): string => SKILL_NAMES[skill];

/** The mission types, in the order of the table in docs/game-rules.md. */
export const MISSION_TYPE_LIST = [
  'GOLDCLAIM',
  'DAILYREWARD',
  'HUNTSEAL',
  'TRANSFERHERO',
  'UPGRADETOWER',
  'UPGRADESEAL',
  'SEARCHELEMENT',
  'HEROLEVELUP',
  'IMPROVESEAL',
  'UNIQUE',
] as const;
export type MissionType = (typeof MISSION_TYPE_LIST)[number];
export const isMissionType = (value: unknown): value is MissionType =>
  typeof value === 'string' && (MISSION_TYPE_LIST as readonly string[]).includes(value);
