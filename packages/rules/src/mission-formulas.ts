import { GAME_CONFIG } from './config.js';
import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import { improveSealReservation, levelUpReservation } from './hero-missions.js';
import { sealItemCode, TOWER_STONE } from './items.js';
import { NO_RESERVATION, type HeroState, type LandState, type Reservation } from './model.js';
import { ceilExact } from './util.js';
import { Skill, isElement, type Element, type MissionType } from './world.js';

/** The mission formulas of docs/game-rules.md, one small function each. */
const M = GAME_CONFIG.missions;
const PERCENT = 100;

/** Gold one hero can carry home: `100 + 10 * Charisma`. */
export function carryCapacity(charisma: number): number {
  return M.GOLDCLAIM.carryBase + M.GOLDCLAIM.carryPerCharisma * charisma;
}

/** `0.3 + Agility / 200`, at most 1. */
export function huntSuccessChance(agility: number): number {
  return Math.min(1, M.HUNTSEAL.successBase + agility / M.HUNTSEAL.successAgilityDivisor);
}

/**
 * Elementals a search of `hours` finds:
 * `floor((30 + Luck / 2) * hours * (1.5 on a land of that element))`.
 */
export function searchAmount(luck: number, sameElement: boolean, hours = 1): number {
  const S = M.SEARCHELEMENT;
  const factor = sameElement ? S.sameElementFactor : 1;
  return Math.floor((S.amountBase + luck / S.amountLuckDivisor) * hours * factor);
}

/**
 * The hours a search lasts: the `hours` parameter, or the default when none (or none valid, which
 * the check refuses) is given.
 */
export function searchHours(params: { readonly hours?: number | null }): number {
  const { hours } = params;
  return hours !== undefined && hours !== null && validSearchHours(hours)
    ? hours
    : M.SEARCHELEMENT.hours.default;
}

/** A valid `hours` parameter: absent, or a whole number from 1 to 24. */
export function validSearchHours(hours: unknown): boolean {
  const { min, max } = M.SEARCHELEMENT.hours;
  return (
    hours === undefined ||
    hours === null ||
    (Number.isInteger(hours) && (hours as number) >= min && (hours as number) <= max)
  );
}

/** `Luck / 400`. */
export function shardDropChance(luck: number): number {
  return Math.min(1, luck / M.SEARCHELEMENT.shardLuckDivisor);
}

/** The share of elementals Efficiency saves: `Efficiency / 4` percent. */
export function efficiencyDiscount(efficiency: number): number {
  return efficiency / M.efficiencyDivisor / PERCENT;
}

/** Elementals after the Efficiency discount, rounded up to whole elementals. */
export function discountedElementals(base: number, efficiency: number): number {
  return ceilExact(base * (1 - efficiencyDiscount(efficiency)));
}

export interface TowerUpgradeCost {
  readonly elementals: number;
  readonly stones: number;
  readonly shards: number;
}

/** From `level` to `level + 1`: `100 * 2^level` elementals, `level + 1` stones, shards from 3. */
export function towerUpgradeCost(level: number, efficiency: number): TowerUpgradeCost {
  const T = M.UPGRADETOWER;
  return {
    elementals: discountedElementals(T.elementalsBase * T.elementalsGrowth ** level, efficiency),
    stones: T.stonesPerStep * (level + 1),
    shards: level >= T.shardsFromLevel ? level : 0,
  };
}

export interface SealUpgradeCost {
  readonly elementals: number;
  readonly sealItems: number;
}

/** From `seal` to `seal + 1`: `seal + 1` seal items and `50 * (seal + 1)` elementals. */
export function sealUpgradeCost(seal: number, efficiency: number): SealUpgradeCost {
  const S = M.UPGRADESEAL;
  return {
    elementals: discountedElementals(S.elementalsPerStep * (seal + 1), efficiency),
    sealItems: S.sealItemsPerStep * (seal + 1),
  };
}

/**
 * XP of a successful mission (GOLDCLAIM: per gold moved, passed as `goldMoved`;
 * SEARCHELEMENT: per hour, the hours passed as `step + 1`).
 */
export function missionXp(type: MissionType, step: number, goldMoved = 0): number {
  switch (type) {
    case 'GOLDCLAIM':
      return M.GOLDCLAIM.xpPerGold * goldMoved;
    case 'UPGRADETOWER':
      return M.UPGRADETOWER.xpPerStep * (step + 1);
    case 'UPGRADESEAL':
      return M.UPGRADESEAL.xpPerStep * (step + 1);
    case 'HEROLEVELUP':
      return HERO_GROWTH_CONFIG.levelUp.xpPerLevel * (step + 1);
    case 'IMPROVESEAL':
      return HERO_GROWTH_CONFIG.sealImprovement.xpPerStep * (step + 1);
    case 'UNIQUE':
      // Each event sets its own XP (its reward), kept in the mission's params.
      return 0;
    case 'SEARCHELEMENT':
      return M.SEARCHELEMENT.xp * (step + 1);
    default:
      return M[type].xp;
  }
}

/**
 * What leaves the land's balances at start, from the stored levels (which the optimistic
 * guards `currentLevel` / `currentSeal` have been checked against).
 */
export function reservationFor(
  type: MissionType,
  land: Pick<LandState, 'towers' | 'seals' | 'improvements'>,
  hero: Pick<HeroState, 'skills' | 'element' | 'growth'>,
  elemid: number | null | undefined,
): Reservation {
  if (type === 'HEROLEVELUP') return levelUpReservation(hero);
  if (!isElement(elemid)) return NO_RESERVATION;
  if (type === 'IMPROVESEAL') return improveSealReservation(land, elemid);
  const efficiency = hero.skills[Skill.Efficiency];
  if (type === 'UPGRADETOWER') {
    const level = land.towers[elemid];
    if (level >= GAME_CONFIG.land.towerMaxLevel) return NO_RESERVATION;
    return towerReservation(elemid, level, efficiency);
  }
  if (type === 'UPGRADESEAL' && land.seals[elemid] < GAME_CONFIG.vault.maxSeal) {
    const cost = sealUpgradeCost(land.seals[elemid], efficiency);
    const items = { [sealItemCode(elemid)]: cost.sealItems };
    return { elemid, elementals: cost.elementals, shards: 0, items };
  }
  return NO_RESERVATION;
}

function towerReservation(elemid: Element, level: number, efficiency: number): Reservation {
  const cost = towerUpgradeCost(level, efficiency);
  return {
    elemid,
    elementals: cost.elementals,
    shards: cost.shards,
    items: { [TOWER_STONE]: cost.stones },
  };
}
