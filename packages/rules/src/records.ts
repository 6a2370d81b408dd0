import { RECORDS_CONFIG } from './config-records.js';
import { towerProduction } from './land-gold.js';
import { vaultCap } from './vault.js';
import { GAME_CONFIG } from './config.js';
import { valueAt } from './util.js';
import type { Terrain } from './world.js';

export { RECORDS_CONFIG };

const RATING = RECORDS_CONFIG.rating;

export type FrameId = (typeof RECORDS_CONFIG.frames)[number]['id'];
/** The frames' ids as a tuple (for schemas); the rules test checks it against the config. */
export const FRAME_IDS = ['none', 'silver', 'legendary'] as const satisfies readonly FrameId[];
export const isFrameId = (value: unknown): value is FrameId =>
  typeof value === 'string' && (FRAME_IDS as readonly string[]).includes(value);

export const frameOf = (id: FrameId) => RECORDS_CONFIG.frames.find((f) => f.id === id)!;

/** True when a profile of `level` may wear the frame. */
export const frameUnlocked = (id: FrameId, level: number) => level >= frameOf(id).profileLevel;

/** One tower's power: its gold per day on this terrain (rounded) plus its vault cap / divisor. */
export function towerPower(level: number, terrain: Terrain): number {
  const multiplier = valueAt(GAME_CONFIG.land.terrainMultiplier, terrain, 'terrain');
  return (
    Math.round(towerProduction(level) * multiplier * RATING.towerProductionWeight) +
    vaultCap(level) / RATING.vaultCapDivisor
  );
}

/** A land's power: the sum over its four towers (productivity and vault caps). */
export const landPower = (towers: readonly number[], terrain: Terrain) =>
  towers.reduce((sum, level) => sum + towerPower(level, terrain), 0);

const sumOf = (list: readonly number[]) => list.reduce((sum, s) => sum + s, 0);

/** A hero's power: its skills' sum (upskill points included) plus a weight per hero level. */
export const heroPower = (skills: readonly number[], upskills: readonly number[] = [], level = 0) =>
  sumOf(skills) + sumOf(upskills) + RATING.heroLevelWeight * level;

/** A player's power: lands, heroes and the profile level (docs/game-rules.md, Profiles rating). */
export function playerPower(
  level: number,
  lands: readonly { towers: readonly number[]; terrain: Terrain }[],
  heroes: readonly { skills: readonly number[]; upskills?: readonly number[]; level?: number }[],
): number {
  return (
    RATING.profileLevelWeight * level +
    lands.reduce((sum, l) => sum + landPower(l.towers, l.terrain), 0) +
    heroes.reduce((sum, h) => sum + heroPower(h.skills, h.upskills, h.level ?? 0), 0)
  );
}
