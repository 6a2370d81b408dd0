import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import { growthOf, heroLevelXp, levelUpCost } from './hero-growth.js';
import { sealItemCode } from './items.js';
import { MissionErrorCode as Code, missionError, type MissionError } from './mission-errors.js';
import {
  landLabel,
  NO_RESERVATION,
  type HeroState,
  type LandState,
  type MissionCheckInput,
  type Reservation,
} from './model.js';
import { sealName, sealSteps } from './vault.js';
import { elementName, type Element } from './world.js';

/** HEROLEVELUP and IMPROVESEAL: what they cost and when they are refused (docs/game-rules.md). */
const G = HERO_GROWTH_CONFIG;
const S = G.sealImprovement;

/** Treasury gold and the hero's element from its home land's vault, for its next level. */
export function levelUpReservation(
  hero: Pick<HeroState, 'element' | 'skills' | 'growth'>,
): Reservation {
  const level = growthOf(hero).level;
  if (level >= G.maxLevel) return NO_RESERVATION;
  const cost = levelUpCost(level + 1);
  return {
    elemid: hero.element,
    elementals: cost.elementals,
    shards: 0,
    items: {},
    gold: cost.gold,
  };
}

/** Step s (1..5) of a seal improvement: s seal items and 2 * s shards of the element. */
export function sealImprovementCost(step: number): { sealItems: number; shards: number } {
  return { sealItems: S.sealItemsPerStep * step, shards: S.shardsPerStep * step };
}

export function improveSealReservation(
  land: Pick<LandState, 'improvements'>,
  elemid: Element,
): Reservation {
  const steps = sealSteps(land, elemid);
  if (steps >= S.maxSteps) return NO_RESERVATION;
  const cost = sealImprovementCost(steps + 1);
  return {
    elemid,
    elementals: 0,
    shards: cost.shards,
    items: { [sealItemCode(elemid)]: cost.sealItems },
  };
}

export function levelUpRefusal(input: MissionCheckInput): MissionError | null {
  const { hero, profile } = input;
  const growth = growthOf(hero);
  if (growth.level >= G.maxLevel) {
    return missionError(
      Code.maxLevel,
      `${hero.name} is at level ${G.maxLevel}, the highest there is.`,
      'heroid',
    );
  }
  const need = heroLevelXp(growth.level + 1);
  if (growth.xp < need) {
    const message = `${hero.name} needs ${need} hero XP for level ${growth.level + 1} and has ${growth.xp}.`;
    return missionError(Code.heroXpShort, message, 'heroid');
  }
  const gold = levelUpCost(growth.level + 1).gold;
  const have = Math.floor(profile.gold ?? 0);
  if (have < gold) {
    const message = `Not enough: ${gold} treasury gold (you have ${have}).`;
    return missionError(Code.ingredientsMissing, message);
  }
  return null;
}

export function improveSealRefusal(input: MissionCheckInput, elemid: Element): MissionError | null {
  const { land, runningOnLand } = input;
  const name = elementName(elemid);
  const seal = land.seals[elemid];
  if (seal < S.minSeal) {
    const message = `The ${name} vault's seal is ${sealName(seal)}; improving needs at least ${sealName(S.minSeal)}.`;
    return missionError(Code.sealTooWeak, message, 'elemid');
  }
  const steps = sealSteps(land, elemid);
  if (steps >= S.maxSteps) {
    const message = `The ${name} seal of ${landLabel(land)} has all ${S.maxSteps} improvements.`;
    return missionError(Code.maxLevel, message, 'elemid');
  }
  if (runningOnLand.some((r) => r.type === 'IMPROVESEAL' && r.elemid === elemid)) {
    const message = `The ${name} seal of ${landLabel(land)} is already being improved.`;
    return missionError(Code.upgradeRunning, message, 'elemid');
  }
  return null;
}
