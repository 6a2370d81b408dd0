import { GAME_CONFIG } from './config.js';
import { rollHero, type HeroDraft } from './heroes.js';
import type { GoldSnapshot, VaultSnapshot } from './model.js';
import { weightedIndex, type Rng } from './rng.js';
import { valueAt } from './util.js';
import { pickFreeSlot, type IsTaken } from './world-slots.js';
import {
  ELEMENTS,
  TERRAINS,
  type Continent,
  type Element,
  type PerElement,
  type Terrain,
} from './world.js';

/** A land before it has an id or an owner: what minting and the starter grant create. */
export interface LandDraft {
  readonly continent: Continent;
  readonly x: number;
  readonly y: number;
  readonly terrain: Terrain;
  readonly element: Element;
}

/** Minted terrain: Valley 50%, Forest 25%, Mountains 15%, River 8%, Arctic 2%. */
export function rollMintTerrain(rng: Rng): Terrain {
  return valueAt(TERRAINS, weightedIndex(rng, GAME_CONFIG.market.landTerrainWeights), 'terrain');
}

/**
 * Mint Land on the chosen continent. Terrain and element are drawn before the slot, so they
 * do not depend on how crowded the world is. Null when the continent is full.
 */
export function rollMintLand(rng: Rng, continent: Continent, isTaken: IsTaken): LandDraft | null {
  const terrain = rollMintTerrain(rng);
  const element = rng.pick(ELEMENTS);
  const slot = pickFreeSlot(continent, rng, isTaken);
  return slot && { continent, x: slot.x, y: slot.y, terrain, element };
}

/** Mint Hero: rarity by the mint weights, random sex and element, generation 0. */
export function rollMintHero(rng: Rng): HeroDraft {
  return rollHero(rng);
}

export type MintKind = 'land' | 'hero';

/** The highest gold price: a multiple of `roundTo` that a Number still holds exactly. */
const MAX_GOLD_PRICE = (() => {
  const step = GAME_CONFIG.market.goldMint.roundTo;
  return Number.MAX_SAFE_INTEGER - (Number.MAX_SAFE_INTEGER % step);
})();

/**
 * The gold price of minting a land or a hero for a player who owns `owned` of them now:
 * `base * growth^max(0, owned - free)` (`market.goldMint`), rounded to the nearest 10 gold
 * (`roundTo`), never below 10 and never above the largest such multiple a Number holds exactly.
 */
export function mintGoldPrice(kind: MintKind, owned: number): number {
  if (!Number.isInteger(owned) || owned < 0) throw new RangeError(`owned out of range: ${owned}`);
  const rule = GAME_CONFIG.market.goldMint;
  const { base, growth } = rule[kind];
  const free = kind === 'land' ? rule.freeLands : rule.freeHeroes;
  const raw = base * growth ** Math.max(0, owned - free);
  const rounded = Math.round(raw / rule.roundTo) * rule.roundTo;
  return Math.min(MAX_GOLD_PRICE, Math.max(rule.roundTo, rounded));
}

export interface LandBalances {
  readonly towers: PerElement<number>;
  readonly seals: PerElement<number>;
  readonly vault: PerElement<VaultSnapshot>;
  readonly shards: PerElement<number>;
  readonly gold: GoldSnapshot;
}

/** A new land: towers and seals at 0, empty vaults, no gold yet; production starts `now`. */
export function newLandBalances(now: number): LandBalances {
  const empty: VaultSnapshot = { volume: 0, at: now };
  return {
    towers: [0, 0, 0, 0],
    seals: [0, 0, 0, 0],
    vault: [empty, empty, empty, empty],
    shards: [0, 0, 0, 0],
    gold: { leftover: 0, at: now },
  };
}
