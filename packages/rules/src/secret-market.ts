import { ECONOMY_CONFIG, type SecretOfferKind } from './config-economy.js';
import { GAME_CONFIG } from './config.js';
import { createRng, weightedIndex, type Rng } from './rng.js';
import { ELEMENT_NAMES, type Continent, type Element, type Rarity, type Terrain } from './world.js';

const SECRET = ECONOMY_CONFIG.secret;
const WINDOW_MS = SECRET.windowHours * 3_600_000;

/** One offer of the Secret market. Gold offers carry `gold`, platinum offers `platinum`. */
export interface SecretOffer {
  readonly slot: number;
  readonly kind: SecretOfferKind;
  readonly gold: number;
  readonly platinum: number;
  /** Items and shards: how many the offer gives. */
  readonly count: number;
  readonly itemCode: string | null;
  readonly element: Element | null;
  readonly rarity: Rarity | null;
  readonly terrain: Terrain | null;
  readonly continent: Continent | null;
}

/** The start of the 8-hour window (UTC 00/08/16) that holds `now`. */
export function secretWindowStart(now: number): number {
  return now - (((now % WINDOW_MS) + WINDOW_MS) % WINDOW_MS);
}

export const secretWindowEnd = (start: number): number => start + WINDOW_MS;

/** The seed of a player's window: the same window always draws the same offers. */
export const secretSeed = (profileId: number, windowStart: number): string =>
  `secret:${profileId}:${windowStart}`;

/** The six offers of a player's window, drawn in a fixed order from the window's seed. */
export function secretOffers(profileId: number, windowStart: number): SecretOffer[] {
  const rng = createRng(secretSeed(profileId, windowStart));
  const weights = SECRET.kinds.map((k) => k.weight);
  return Array.from({ length: SECRET.offersPerWindow }, (_, slot) => {
    const kind = SECRET.kinds[weightedIndex(rng, weights)]?.kind ?? 'tower_stone';
    return drawOffer(rng, slot, kind);
  });
}

const none = {
  gold: 0,
  platinum: 0,
  count: 1,
  itemCode: null,
  element: null,
  rarity: null,
  terrain: null,
  continent: null,
};

function drawOffer(rng: Rng, slot: number, kind: SecretOfferKind): SecretOffer {
  const base = { ...none, slot, kind };
  const items = GAME_CONFIG.items;
  switch (kind) {
    case 'hero': {
      const tier = weightedIndex(rng, SECRET.heroRarityWeights);
      return { ...base, rarity: (2 + tier) as Rarity, platinum: SECRET.heroPlatinum[tier] ?? 0 };
    }
    case 'land': {
      const terrain = weightedIndex(rng, SECRET.landTerrainWeights) as Terrain;
      const continent = rng.int(0, 1) as Continent;
      return { ...base, terrain, continent, platinum: SECRET.landPlatinum[terrain] ?? 0 };
    }
    case 'seal': {
      const element = rng.int(0, 3) as Element;
      const count = rng.int(...SECRET.seal.count);
      const itemCode = `${items.sealItemPrefix}${ELEMENT_NAMES[element].toUpperCase()}`;
      return { ...base, element, count, itemCode, gold: count * SECRET.seal.goldEach };
    }
    case 'shards': {
      const element = rng.int(0, 3) as Element;
      const count = rng.int(...SECRET.shards.count);
      return { ...base, element, count, gold: count * SECRET.shards.goldEach };
    }
    case 'skill_pot': {
      const count = rng.int(...SECRET.skillPot.count);
      return { ...base, count, itemCode: 'SKILL_POT', gold: count * SECRET.skillPot.goldEach };
    }
    case 'tower_stone': {
      const count = rng.int(...SECRET.towerStone.count);
      const itemCode = items.towerStoneCode;
      return { ...base, count, itemCode, gold: count * SECRET.towerStone.goldEach };
    }
  }
}

/** The seed a bought hero offer is rolled from: the same offer always gives the same hero. */
export const secretHeroSeed = (profileId: number, windowStart: number, slot: number): string =>
  `secret-hero:${profileId}:${windowStart}:${slot}`;
