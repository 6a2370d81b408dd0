import { GAME_CONFIG } from './config.js';
import type { GoldSnapshot, LandState } from './model.js';
import { elapsedDays } from './time.js';
import { roundTo, valueAt } from './util.js';
import type { Terrain } from './world.js';

const LAND = GAME_CONFIG.land;

/** Gold per day of one tower: `25 + 15 * level`. */
export function towerProduction(level: number): number {
  return LAND.towerBaseGold + LAND.towerGoldPerLevel * level;
}

/** Gold per day of a land: the towers' sum times the terrain multiplier (rounded to cents). */
export function productivity(towers: readonly number[], terrain: Terrain): number {
  const base = towers.reduce((sum, level) => sum + towerProduction(level), 0);
  const multiplier = valueAt(LAND.terrainMultiplier, terrain, 'terrain');
  return roundTo(base * multiplier, LAND.productivityDecimals);
}

/** Unclaimed gold stops growing here: `7 * productivity`. */
export function goldCap(productivityPerDay: number): number {
  return LAND.capDays * productivityPerDay;
}

/**
 * Leftover gold at `now`: grows linearly from the snapshot up to the cap. A snapshot already
 * above the cap is kept as is (gold already made is never taken away), and time before the
 * snapshot counts as zero.
 */
export function leftoverAt(
  snapshot: GoldSnapshot,
  productivityPerDay: number,
  now: number,
): number {
  const cap = goldCap(productivityPerDay);
  const start = Math.max(0, snapshot.leftover);
  if (start >= cap) return start;
  return Math.min(cap, start + productivityPerDay * elapsedDays(snapshot.at, now));
}

/** Whole gold a claim could move now. */
export function claimableGold(
  snapshot: GoldSnapshot,
  productivityPerDay: number,
  now: number,
): number {
  return Math.floor(leftoverAt(snapshot, productivityPerDay, now));
}

export interface LandGoldView {
  /** Whole gold waiting on the land. */
  readonly leftover: number;
  readonly cap: number;
  readonly productivity: number;
}

/** The land's `gold` field of the API at `now`. */
export function landGoldView(
  land: Pick<LandState, 'towers' | 'terrain' | 'gold'>,
  now: number,
): LandGoldView {
  const perDay = productivity(land.towers, land.terrain);
  return {
    leftover: claimableGold(land.gold, perDay, now),
    cap: goldCap(perDay),
    productivity: perDay,
  };
}
