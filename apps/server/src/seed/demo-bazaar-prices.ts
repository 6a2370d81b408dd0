import type { Terrain } from '@aleph/rules';
import { Rarity, type Rng } from '@aleph/rules';
import type { BazaarCurrency } from '@aleph/contracts';

/**
 * What the demo world's players ask for things on the Bazaar, near the game's own prices
 * (the trader's and the Secret market's, docs/game-rules.md), so the price history tells
 * a believable story: a slow rise over the month and day-to-day scatter.
 */

/** Gold by hero rarity (Common .. Legendary). */
const HERO_GOLD = [450, 1_100, 2_800, 7_000, 18_000];
/** Platinum by hero rarity; Common and Uncommon heroes are not worth platinum to anyone. */
const HERO_PLATINUM = [0, 0, 38, 80, 170];
/** Gold and platinum by land terrain (Valley .. Arctic). */
const LAND_GOLD = [9_000, 10_000, 12_000, 15_000, 22_000];
const LAND_PLATINUM = [60, 70, 80, 100, 140];
/** Gold per unit of goods: a little above what the trader pays. */
const UNIT_GOLD: Readonly<Record<string, number>> = {
  TOWER_STONE: 430,
  SKILL_POT: 640,
  LUCKY_COIN: 260,
  SEAL_AIR: 1_650,
  SEAL_FIRE: 1_650,
  SEAL_WATER: 1_650,
  SEAL_EARTH: 1_650,
  ANCIENT_SCROLL: 2_600,
  shards: 165,
  elementals: 0.45,
};

export const SEAL_CODES = ['SEAL_AIR', 'SEAL_FIRE', 'SEAL_WATER', 'SEAL_EARTH'] as const;

/** What is sold: a hero of a rarity, a land of a terrain, or a lot of goods. */
export type DemoGood =
  | { kind: 'hero'; rarity: Rarity }
  | { kind: 'land'; terrain: Terrain }
  | { kind: 'goods'; item: string; quantity: number; elemid?: number };

/** The fair price of a good in a currency, before the month's drift and the scatter. */
function basePrice(good: DemoGood, currency: BazaarCurrency): number {
  if (good.kind === 'hero') {
    return (currency === 'gold' ? HERO_GOLD : HERO_PLATINUM)[good.rarity]!;
  }
  if (good.kind === 'land') {
    return (currency === 'gold' ? LAND_GOLD : LAND_PLATINUM)[good.terrain]!;
  }
  return (UNIT_GOLD[good.item] ?? 100) * good.quantity;
}

/** Whether the demo's players price this good in platinum at all. */
export const platinumWorthy = (good: DemoGood) =>
  (good.kind === 'hero' && good.rarity >= Rarity.Rare) || good.kind === 'land';

/**
 * A price `daysAgo` days before now: prices rose about 10 % over the month, and each sale
 * is scattered by up to 12 % either way.
 */
export function marketPrice(
  good: DemoGood,
  currency: BazaarCurrency,
  daysAgo: number,
  rng: Rng,
): number {
  const drift = 1 + (0.1 * (30 - Math.min(30, daysAgo))) / 30;
  const scatter = 0.88 + 0.24 * rng.next();
  return Math.max(1, Math.round(basePrice(good, currency) * drift * scatter));
}
