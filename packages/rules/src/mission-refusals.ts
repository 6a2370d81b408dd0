import { GAME_CONFIG } from './config.js';
import { improveSealRefusal, levelUpRefusal } from './hero-missions.js';
import { MISSION_RULES } from './config-missions.js';
import { UNIQUE_CONFIG } from './config-unique.js';
import { claimableGold, productivity } from './land-gold.js';
import { MissionErrorCode as Code, missionError, type MissionError } from './mission-errors.js';
import { validSearchHours } from './mission-formulas.js';
import { MISSION_TYPES } from './mission-types.js';
import { landLabel, type MissionCheckInput } from './model.js';
import { featureFlag } from './profile.js';
import { uniqueRefusal } from './unique-missions.js';
import { sealName } from './vault.js';
import { elementName, isElement, type Element, type MissionType } from './world.js';

/**
 * The refusals of a mission check, in the order they are tried; the first one wins. Order
 * goes from "who" (ownership, feature, hero) to "what" (parameters, land state).
 */
export function findRefusal(
  type: MissionType,
  input: MissionCheckInput,
  now: number,
): MissionError | null {
  return who(type, input) ?? parameters(type, input) ?? landState(type, input, now);
}

function who(type: MissionType, input: MissionCheckInput): MissionError | null {
  const { land, hero, profile, requesterId } = input;
  if (land.ownerId !== requesterId)
    return missionError(Code.notYourLand, 'This land is not yours.', 'landid');
  if (hero.ownerId !== requesterId)
    return missionError(Code.notYourHero, 'This hero is not yours.', 'heroid');
  const rule = MISSION_RULES[type];
  if (rule.profileLevel > 0 && !profile.features.includes(featureFlag(rule.profileLevel))) {
    // Unique missions are a level feature of their own: the app's locked text, word for word.
    const message =
      type === 'UNIQUE'
        ? UNIQUE_CONFIG.lockedText
        : `${MISSION_TYPES[type].missionName} unlocks at profile level ${rule.profileLevel}.`;
    return missionError(Code.featureLocked, message);
  }
  if (hero.busy)
    return missionError(Code.heroBusy, `${hero.name} is busy with another mission.`, 'heroid');
  const livesHere = hero.residence?.landId === land.id;
  if (rule.resident && !livesHere) {
    const message = `${hero.name} does not live on ${landLabel(land)}; this mission needs a resident hero.`;
    return missionError(Code.notResident, message, 'heroid');
  }
  if (!rule.resident && livesHere) {
    const message = `${hero.name} already lives on ${landLabel(land)}; choose a hero from elsewhere.`;
    return missionError(Code.alreadyResident, message, 'heroid');
  }
  return null;
}

function parameters(type: MissionType, input: MissionCheckInput): MissionError | null {
  const wanted = MISSION_TYPES[type].parameters;
  const { params } = input;
  if (wanted.includes('elemid') && !isElement(params.elemid)) {
    return missionError(Code.badElement, 'Choose an element: Air, Fire, Water or Earth.', 'elemid');
  }
  if (
    wanted.includes('eventid') &&
    !(Number.isInteger(params.eventid) && (params.eventid ?? 0) > 0)
  ) {
    return missionError(Code.badParam, 'Choose a unique mission (eventid).', 'eventid');
  }
  const guards = [
    ['currentLevel', 'tower level'],
    ['currentSeal', 'seal level'],
  ] as const;
  for (const [name, what] of guards) {
    const value = params[name];
    if (wanted.includes(name) && !(Number.isInteger(value) && (value ?? -1) >= 0)) {
      return missionError(Code.badParam, `Give the current ${what} as a whole number.`, name);
    }
  }
  if (wanted.includes('hours') && !validSearchHours(params.hours)) {
    const { min, max } = GAME_CONFIG.missions.SEARCHELEMENT.hours;
    return missionError(Code.badParam, `A search lasts ${min} to ${max} whole hours.`, 'hours');
  }
  return null;
}

function landState(type: MissionType, input: MissionCheckInput, now: number): MissionError | null {
  const { land, params, usedToday, runningOnLand } = input;
  const label = landLabel(land);
  switch (type) {
    case 'GOLDCLAIM': {
      if (runningOnLand.some((running) => running.type === 'GOLDCLAIM')) {
        return missionError(
          Code.claimRunning,
          `A gold claim is already on its way to ${label}.`,
          'landid',
        );
      }
      const perDay = productivity(land.towers, land.terrain);
      if (claimableGold(land.gold, perDay, now) < 1) {
        return missionError(
          Code.nothingToClaim,
          `There is no gold to claim on ${label} yet.`,
          'landid',
        );
      }
      return null;
    }
    case 'DAILYREWARD':
      return usedToday.dailyReward ? dailyLimit("today's daily reward") : null;
    case 'HUNTSEAL':
      return usedToday.huntSeal ? dailyLimit("today's seal hunt") : null;
    case 'TRANSFERHERO': {
      const max = GAME_CONFIG.heroes.maxResidentsPerLand;
      if (land.residents < max) return null;
      return missionError(Code.landFull, `${label} already houses ${max} heroes.`, 'landid');
    }
    case 'UPGRADETOWER':
    case 'UPGRADESEAL':
      return upgradeState(type, input, params.elemid as Element);
    case 'SEARCHELEMENT':
      return null;
    case 'HEROLEVELUP':
      return levelUpRefusal(input);
    case 'IMPROVESEAL':
      return improveSealRefusal(input, params.elemid as Element);
    case 'UNIQUE':
      return uniqueRefusal(input.unique, input.hero, now);
  }
}

function dailyLimit(what: string): MissionError {
  return missionError(
    Code.dailyLimit,
    `You already used ${what}; the next one opens at 00:00 UTC.`,
  );
}

function upgradeState(
  type: 'UPGRADETOWER' | 'UPGRADESEAL',
  input: MissionCheckInput,
  elemid: Element,
): MissionError | null {
  const { land, params, runningOnLand } = input;
  const tower = type === 'UPGRADETOWER';
  const stored = tower ? land.towers[elemid] : land.seals[elemid];
  const claimed = tower ? params.currentLevel : params.currentSeal;
  const name = elementName(elemid);
  const what = tower
    ? `The ${name} tower is at level ${stored}`
    : `The ${name} vault's seal is at level ${stored} (${sealName(stored)})`;
  if (claimed !== stored) {
    const code = tower ? Code.staleLevel : Code.staleSeal;
    return missionError(
      code,
      `${what}, not ${claimed}; refresh and try again.`,
      tower ? 'currentLevel' : 'currentSeal',
    );
  }
  const max = tower ? GAME_CONFIG.land.towerMaxLevel : GAME_CONFIG.vault.maxSeal;
  if (stored >= max) return missionError(Code.maxLevel, `${what}, the highest there is.`, 'elemid');
  if (runningOnLand.some((running) => running.type === type && running.elemid === elemid)) {
    const message = `The ${name} ${tower ? 'tower' : 'seal'} of ${landLabel(land)} is already being upgraded.`;
    return missionError(Code.upgradeRunning, message, 'elemid');
  }
  return null;
}
