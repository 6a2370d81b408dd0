import { GAME_CONFIG } from './config.js';
import { MISSION_RULES } from './config-missions.js';
import type { HeroState, LandState, MissionParams, Residence } from './model.js';
import { searchHours } from './mission-formulas.js';
import { ceilExact } from './util.js';
import { sealSteps } from './vault.js';
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
 * The level a step-scaled mission starts from: the stored tower level (UPGRADETOWER), seal
 * (UPGRADESEAL) or seal improvement steps (IMPROVESEAL) of `elemid`, or the hero's level
 * (HEROLEVELUP); 0 for other types or a missing element.
 */
export function missionStep(
  type: MissionType,
  land: Pick<LandState, 'towers' | 'seals' | 'improvements'>,
  elemid: number | null | undefined,
  hero?: Pick<HeroState, 'growth'>,
): number {
  if (type === 'HEROLEVELUP') return hero?.growth?.level ?? 0;
  if (!isElement(elemid)) return 0;
  if (type === 'IMPROVESEAL') return sealSteps(land, elemid);
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
 * missions. Never below one minute, since the skill bonus is at most half the base. A unique
 * mission takes its event's base minutes and skill (stored in its params).
 */
export function missionDuration(
  type: MissionType,
  hero: Pick<HeroState, 'skills' | 'residence' | 'growth'>,
  land: Pick<LandState, 'continent' | 'x' | 'y' | 'towers' | 'seals' | 'improvements'>,
  params: Pick<MissionParams, 'elemid' | 'unique' | 'hours'> = {},
): number {
  const rule = MISSION_RULES[type];
  const unique = type === 'UNIQUE' ? params.unique?.duration : undefined;
  // A search's base is per hour searched.
  const hours = type === 'SEARCHELEMENT' ? searchHours(params) : 1;
  const work = unique
    ? ceilExact(unique.baseMinutes * (1 - hero.skills[unique.skill] / skillDurationDivisor))
    : ceilExact(
        hours *
          workMinutes(type, hero.skills[rule.skill], missionStep(type, land, params.elemid, hero)),
      );
  return rule.resident ? work : work + travelMinutes(hero.residence, land);
}
