import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import { GAME_CONFIG } from './config.js';
import type { HeroGrowth, HeroState } from './model.js';
import { SKILL_NAMES, type Skills } from './world.js';

/** Hero levels, hero XP and upskill points (docs/game-rules.md, Hero growth). */
const G = HERO_GROWTH_CONFIG;
const NO_UPSKILLS: Skills = [0, 0, 0, 0, 0, 0, 0, 0];

/** Hero XP a settled mission gives: `floor(profile XP / 5)`, at least 1. */
export function heroXpFor(profileXp: number): number {
  return Math.max(G.minXp, Math.floor(profileXp / G.xpDivisor));
}

/** Cumulative hero XP that level `level` (1..5) needs. */
export function heroLevelXp(level: number): number {
  const need = G.levelXp[level - 1];
  if (need === undefined) throw new RangeError(`no hero level ${level}`);
  return need;
}

/** Hero XP still missing for the next level; null at the top level. */
export function xpToNextLevel(level: number, xp: number): number | null {
  if (level >= G.maxLevel) return null;
  return Math.max(0, heroLevelXp(level + 1) - xp);
}

/** Upskill points the levels gave: 8 per level. */
export function upskillPoints(level: number): number {
  return G.pointsPerLevel * level;
}

export const sumSkills = (values: readonly number[]): number =>
  values.reduce((sum, v) => sum + v, 0);

export function pointsLeft(growth: Pick<HeroGrowth, 'level' | 'upskills'>): number {
  return upskillPoints(growth.level) - sumSkills(growth.upskills);
}

/** The growth of a hero; a hero loaded without it is level 0 with its skills as base. */
export function growthOf(hero: Pick<HeroState, 'skills' | 'growth'>): HeroGrowth {
  return hero.growth ?? { level: 0, xp: 0, base: hero.skills, upskills: NO_UPSKILLS, pot: null };
}

/** HEROLEVELUP to `target`: `500 * L^2` treasury gold and `200 * L` elementals. */
export function levelUpCost(target: number): { gold: number; elementals: number } {
  return {
    gold: G.levelUp.goldPerLevelSquared * target ** 2,
    elementals: G.levelUp.elementalsPerLevel * target,
  };
}

export interface UpskillRefusal {
  readonly message: string;
  /** 'skills' for a malformed allocation; 'points' when it spends more than is left. */
  readonly reason: 'skills' | 'points';
}

/**
 * Adds `spend` (8 whole numbers >= 0) to the hero's upskills, or says why not: a skill would
 * pass 100 with its base, or the total would pass the points the levels gave.
 */
export function spendUpskills(
  growth: Pick<HeroGrowth, 'level' | 'base' | 'upskills'>,
  spend: readonly number[],
): Skills | UpskillRefusal {
  const max = GAME_CONFIG.heroes.skillMax;
  if (spend.length !== SKILL_NAMES.length || !spend.every((v) => Number.isInteger(v) && v >= 0)) {
    return { reason: 'skills', message: 'Give 8 whole numbers of 0 or more, one per skill.' };
  }
  const next = growth.upskills.map((v, i) => v + (spend[i] ?? 0)) as unknown as Skills;
  const over = next.findIndex((v, i) => growth.base[i]! + v > max);
  if (over >= 0) {
    const room = max - growth.base[over]! - growth.upskills[over]!;
    const name = SKILL_NAMES[over];
    return {
      reason: 'skills',
      message: `${name} can rise by at most ${room} (the cap is ${max}).`,
    };
  }
  const left = pointsLeft(growth);
  const total = sumSkills(spend);
  if (total > left) {
    return {
      reason: 'points',
      message: `That spends ${total} points, but the hero has ${left} left.`,
    };
  }
  return next;
}
