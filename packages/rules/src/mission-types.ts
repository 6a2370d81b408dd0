import { GAME_CONFIG } from './config.js';
import { MISSION_RULES } from './config-missions.js';
import { HERO_GROWTH_CONFIG as H } from './config-hero-growth.js';
import { formatPercent } from './format.js';
import { sealName } from './vault.js';
import type { MissionType } from './world.js';

/**
 * The answer of `GET /misaar/mistypes/{type}/requirements`. The UI shortens a briefing to its
 * first sentence (or 15 words), so each first sentence stands alone.
 */
export interface MissionTypeInfo {
  readonly missionName: string;
  readonly missionObjective: string;
  /** Body parameters besides missionType, in the order the launcher asks for them. */
  readonly parameters: readonly string[];
  readonly misRequirements: { readonly resident: boolean };
}

const M = GAME_CONFIG.missions;
const BASE = ['landid', 'heroid'] as const;

function info(
  type: MissionType,
  name: string,
  extra: string[],
  objective: string[],
): MissionTypeInfo {
  return {
    missionName: name,
    missionObjective: objective.join(' '),
    parameters: [...BASE, ...extra],
    misRequirements: { resident: MISSION_RULES[type].resident },
  };
}

export const MISSION_TYPES: Readonly<Record<MissionType, MissionTypeInfo>> = {
  GOLDCLAIM: info(
    'GOLDCLAIM',
    'Claim Gold',
    [],
    [
      "Send a hero to carry this land's unclaimed gold to your treasury.",
      'The hero sets out from its own residence, so a hero living nearby is back sooner.',
      `It carries up to ${M.GOLDCLAIM.carryBase} + ${M.GOLDCLAIM.carryPerCharisma} x Charisma gold; the rest stays on the land.`,
      'Only one claim can run on a land at a time.',
    ],
  ),
  DAILYREWARD: info(
    'DAILYREWARD',
    'Daily Reward',
    [],
    [
      "Collect today's reward of gold and one item from the land's stores.",
      `A hero living on the land brings ${M.DAILYREWARD.gold} gold and one item; a luckier hero finds rarer items.`,
      'The reward can be taken once per day (UTC).',
    ],
  ),
  HUNTSEAL: info(
    'HUNTSEAL',
    'Hunt Seal',
    [],
    [
      "Hunt the wilds around the land for a seal of your hero's element.",
      `Agile heroes succeed more often: the chance is ${formatPercent(M.HUNTSEAL.successBase)} plus Agility / ${M.HUNTSEAL.successAgilityDivisor}.`,
      `One hunt per day (UTC); unlocked at profile level ${M.HUNTSEAL.profileLevel}.`,
    ],
  ),
  TRANSFERHERO: info(
    'TRANSFERHERO',
    'Transfer Hero',
    [],
    [
      "Move a hero's residence to this land.",
      `A land houses at most ${GAME_CONFIG.heroes.maxResidentsPerLand} heroes; if it fills up during the journey, the hero stays where it lived.`,
      'Residents can collect daily rewards, hunt, search and upgrade on their land.',
    ],
  ),
  UPGRADETOWER: info(
    'UPGRADETOWER',
    'Upgrade Tower',
    ['elemid', 'currentLevel'],
    [
      'Raise one elemental tower of this land by one level.',
      "A higher tower produces more gold and widens that element's vault.",
      `It costs elementals from the vault and tower stones, and from level ${M.UPGRADETOWER.shardsFromLevel} also shards of the element.`,
      'Efficient heroes need fewer elementals; masterful ones work faster.',
    ],
  ),
  UPGRADESEAL: info(
    'UPGRADESEAL',
    'Upgrade Seal',
    ['elemid', 'currentSeal'],
    [
      "Strengthen the seal on one of this land's elemental vaults.",
      'A stronger seal slows the daily drain of the stored elementals.',
      `It costs seal items of the element and elementals from the vault; unlocked at profile level ${M.UPGRADESEAL.profileLevel}.`,
    ],
  ),
  SEARCHELEMENT: info(
    'SEARCHELEMENT',
    'Search Elementals',
    ['elemid', 'hours'],
    [
      'Search this land for elementals of one element to fill its vault.',
      `A lucky hero finds more and may find a shard; a land of the same element yields ${formatPercent(M.SEARCHELEMENT.sameElementFactor - 1)} more.`,
      "Elementals beyond the vault's cap are lost.",
    ],
  ),
  HEROLEVELUP: info(
    'HEROLEVELUP',
    'Hero Level Up',
    [],
    [
      'Train a hero on its home land to reach its next level.',
      `Level L needs the hero XP of that level, ${H.levelUp.goldPerLevelSquared} x L x L treasury gold and ${H.levelUp.elementalsPerLevel} x L elementals of the hero's element.`,
      `Each level gives ${H.pointsPerLevel} upskill points; clever heroes train faster.`,
    ],
  ),
  IMPROVESEAL: info(
    'IMPROVESEAL',
    'Improve Seal',
    ['elemid'],
    [
      `Improve a vault's seal, once it is at least ${sealName(H.sealImprovement.minSeal)}, so it drains less.`,
      `Each of up to ${H.sealImprovement.maxSteps} steps multiplies the drain by ${H.sealImprovement.drainFactor}.`,
      `Step s costs s seal items and ${H.sealImprovement.shardsPerStep} x s shards of the element; unlocked at profile level ${M.IMPROVESEAL.profileLevel}.`,
    ],
  ),
  UNIQUE: info(
    'UNIQUE',
    'Unique Mission',
    ['eventid'],
    [
      'Send a hero from its home land to a world event with few places.',
      'Each event needs a minimum skill, sometimes a minimum rarity, and pays its own reward.',
      `Each player sends one hero to each event; unlocked at profile level ${M.UNIQUE.profileLevel}.`,
    ],
  ),
};

/** The launcher's extra parameters: everything but landid and heroid. */
export function extraParameters(type: MissionType): string[] {
  return MISSION_TYPES[type].parameters.filter(
    (name) => !(BASE as readonly string[]).includes(name),
  );
}
