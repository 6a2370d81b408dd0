import { GAME_CONFIG } from './config.js';
import { MISSION_RULES } from './config-missions.js';
import type { HeroState, LandState, MissionParams, Residence } from './model.js';
import { isElement, type MissionType } from './world.js';

const { travel, skillDurationDivisor } = GAME_CONFIG.missions;

type Place = Pick<LandState, 'continent' | 'x' | 'y'>;

/**
 * Grid units between a hero's residence and a land: Euclidean distance rounded up on the same
 * continent (so diagonals are not free), 60 from the other continent, 30 with no residence.
 */
export function travelUnits(residence: Residence | null, land: Place): number {
  if (residence === null) return travel.noResidenceUnits;
  if (residence.continent !== land.continent) return travel.otherContinentUnits;
  return Math.ceil(Math.hypot(residence.x - land.x, residence.y - land.y));
}

/** 2 minutes per grid unit. */
export function travelMinutes(residence: Residence | null, land: Place): number {
  return travel.minutesPerUnit * travelUnits(residence, land);
}

/**
 * The level a step-scaled mission starts from: the stored tower level (UPGRADETOWER) or seal
 * (UPGRADESEAL) of `elemid`; 0 for other types or a missing element.
 */
export function missionStep(
  type: MissionType,
  land: Pick<LandState, 'towers' | 'seals'>,
  elemid: number | null | undefined,
): number {
  if (!isElement(elemid)) return 0;
  if (type === 'UPGRADETOWER') return land.towers[elemid];
  if (type === 'UPGRADESEAL') return land.seals[elemid];
  return 0;
}

/** Work minutes, before travel: `base * (1 - skill / 200)`, with base times (step + 1). */
export function workMinutes(type: MissionType, skill: number, step: number): number {
  const rule = MISSION_RULES[type];
  const base = rule.stepScaled ? rule.baseMinutes * (step + 1) : rule.baseMinutes;
  return base * (1 - skill / skillDurationDivisor);
}

/**
 * Whole minutes from start to settlement: the work rounded up, plus travel for non-resident
 * missions. Never below one minute, since the skill bonus is at most half the base.
 */
export function missionDuration(
  type: MissionType,
  hero: Pick<HeroState, 'skills' | 'residence'>,
  land: Pick<LandState, 'continent' | 'x' | 'y' | 'towers' | 'seals'>,
  params: Pick<MissionParams, 'elemid'> = {},
): number {
  const rule = MISSION_RULES[type];
  const work = Math.ceil(
    workMinutes(type, hero.skills[rule.skill], missionStep(type, land, params.elemid)),
  );
  return rule.resident ? work : work + travelMinutes(hero.residence, land);
}
