import { GAME_CONFIG } from './config.js';
import { MISSION_RULES } from './config-missions.js';
import { formatDrainPercent, formatDuration, formatPercent } from './format.js';
import { claimableGold, productivity } from './land-gold.js';
import {
  carryCapacity,
  efficiencyDiscount,
  huntSuccessChance,
  missionXp,
  searchAmount,
  searchHours,
  shardDropChance,
} from './mission-formulas.js';
import { missionStep, travelMinutes, travelUnits } from './mission-duration.js';
import { itemName, sealItemCode } from './items.js';
import {
  landLabel,
  type HeroState,
  type LandState,
  type Reservation,
  type UniqueEvent,
} from './model.js';
import { drainFor, landVolumeAt, sealName, sealSteps, vaultCap } from './vault.js';
import {
  improveSealComments,
  improveSealReward,
  levelUpComments,
  levelUpReward,
} from './hero-mission-texts.js';
import { requirementText, rewardLines } from './unique-missions.js';
import { roundTo } from './util.js';
import { Skill, elementName, skillName, type Element, type MissionType } from './world.js';

/** The check's `comments` and `reward.rewardSpec`: short lines a player reads before launch. */
export interface TextContext {
  readonly type: MissionType;
  readonly land: LandState;
  readonly hero: HeroState;
  readonly elemid: Element | null;
  readonly reservation: Reservation;
  readonly now: number;
  /** UNIQUE: the event joined, when it exists. */
  readonly uniqueEvent?: UniqueEvent | null;
  /** SEARCHELEMENT: the hours asked for. */
  readonly hours?: number | null;
}

const { skillDurationDivisor } = GAME_CONFIG.missions;

function travelComment({ type, hero, land }: TextContext): string {
  if (type === 'UNIQUE')
    return `${hero.name} sets out from ${landLabel(land)} and brings the reward back there.`;
  if (MISSION_RULES[type].resident) {
    return hero.residence?.landId === land.id
      ? `${hero.name} works on its home land: no travel.`
      : `${hero.name} must live on ${landLabel(land)} for this mission.`;
  }
  const minutes = formatDuration(travelMinutes(hero.residence, land));
  const units = travelUnits(hero.residence, land);
  if (hero.residence === null) return `No residence: counts as ${units} units away (${minutes}).`;
  if (hero.residence.continent !== land.continent) {
    return `From the other continent: ${units} units (${minutes}).`;
  }
  return `Travel: ${units} units from Land #${hero.residence.landId} (${minutes}).`;
}

function skillComment({ type, hero, uniqueEvent }: TextContext): string {
  const skill = uniqueEvent ? uniqueEvent.duration.skill : MISSION_RULES[type].skill;
  const value = hero.skills[skill];
  return `${skillName(skill)} ${value} shortens the work by ${formatPercent(value / skillDurationDivisor)}.`;
}

function typeComments(ctx: TextContext): string[] {
  const { type, land, hero, elemid, now } = ctx;
  switch (type) {
    case 'GOLDCLAIM': {
      const waiting = claimableGold(land.gold, productivity(land.towers, land.terrain), now);
      const carry = carryCapacity(hero.skills[Skill.Charisma]);
      return [
        `Gold on the land now: ${waiting}; ${hero.name} carries up to ${carry}.`,
        'The gold keeps growing until the hero arrives; the claim takes what is there then.',
      ];
    }
    case 'DAILYREWARD':
      return ['One daily reward per profile per UTC day.'];
    case 'HUNTSEAL':
      return ['One hunt per profile per UTC day, whether it succeeds or not.'];
    case 'TRANSFERHERO': {
      const max = GAME_CONFIG.heroes.maxResidentsPerLand;
      return [`${landLabel(land)} houses ${land.residents} of ${max} heroes.`];
    }
    case 'SEARCHELEMENT': {
      if (elemid === null) return [];
      const cap = vaultCap(land.towers[elemid]);
      const volume = Math.floor(landVolumeAt(land, elemid, now));
      return [`The ${elementName(elemid)} vault holds ${volume} of ${cap}; any excess is lost.`];
    }
    case 'UPGRADETOWER':
    case 'UPGRADESEAL':
      return costComments(ctx);
    case 'HEROLEVELUP':
      return levelUpComments(hero, ctx.reservation);
    case 'IMPROVESEAL':
      return improveSealComments(land, elemid, ctx.reservation);
    case 'UNIQUE': {
      const event = ctx.uniqueEvent;
      if (!event) return [];
      const skill = event.requirement.skill;
      return [
        `${event.name} needs ${requirementText(event)}; ${hero.name} has ${skillName(skill)} ${hero.skills[skill]}.`,
        `Places left: ${event.placesLeft} of ${event.places}. One hero per player.`,
      ];
    }
  }
}

function costComments({ reservation, hero }: TextContext): string[] {
  const { elemid, elementals, shards, items } = reservation;
  if (elemid === null) return [];
  const name = elementName(elemid);
  const parts = [
    `${elementals} ${name} elementals`,
    ...Object.entries(items).map(([code, count]) => `${count} x ${itemName(code)}`),
    ...(shards > 0 ? [`${shards} ${name} shards`] : []),
  ];
  const efficiency = hero.skills[Skill.Efficiency];
  const saving = formatPercent(efficiencyDiscount(efficiency));
  return [
    `Costs ${parts.join(', ')}, taken at launch.`,
    `Efficiency ${efficiency} saves ${saving} of the elementals.`,
  ];
}

export function missionComments(ctx: TextContext): string[] {
  return [travelComment(ctx), skillComment(ctx), ...typeComments(ctx)];
}

const xpLine = (xp: number): string => `${xp} XP`;

export function missionRewardSpec(ctx: TextContext): string[] {
  const { type, land, hero, elemid } = ctx;
  const M = GAME_CONFIG.missions;
  const step = missionStep(type, land, elemid, hero);
  switch (type) {
    case 'GOLDCLAIM':
      return [
        `Up to ${carryCapacity(hero.skills[Skill.Charisma])} gold to your treasury`,
        `${M.GOLDCLAIM.xpPerGold} XP per gold moved`,
      ];
    case 'DAILYREWARD':
      return [`${M.DAILYREWARD.gold} gold`, 'One item drawn by Luck', xpLine(missionXp(type, 0))];
    case 'HUNTSEAL': {
      const chance = formatPercent(huntSuccessChance(hero.skills[Skill.Agility]));
      return [
        `${itemName(sealItemCode(hero.element))} (${chance} chance)`,
        xpLine(missionXp(type, 0)),
      ];
    }
    case 'TRANSFERHERO':
      return [`${hero.name} moves to ${landLabel(land)}`, xpLine(missionXp(type, 0))];
    case 'UPGRADETOWER': {
      if (elemid === null || step >= GAME_CONFIG.land.towerMaxLevel) return [];
      const raised = land.towers.map((level, i) => (i === elemid ? level + 1 : level));
      const before = productivity(land.towers, land.terrain);
      const gain = roundTo(
        productivity(raised, land.terrain) - before,
        GAME_CONFIG.land.productivityDecimals,
      );
      return [
        `${elementName(elemid)} tower level ${step + 1}`,
        `+${gain} gold per day, vault cap ${vaultCap(step + 1)}`,
        xpLine(missionXp(type, step)),
      ];
    }
    case 'UPGRADESEAL': {
      if (elemid === null || step >= GAME_CONFIG.vault.maxSeal) return [];
      const next = step + 1;
      return [
        `${elementName(elemid)} seal ${sealName(next)}: drain ${formatDrainPercent(drainFor(next, sealSteps(land, elemid)))}`,
        xpLine(missionXp(type, step)),
      ];
    }
    case 'HEROLEVELUP':
      return [...levelUpReward(hero), xpLine(missionXp(type, step))];
    case 'IMPROVESEAL': {
      const lines = improveSealReward(land, elemid);
      return lines.length > 0 ? [...lines, xpLine(missionXp(type, step))] : [];
    }
    case 'SEARCHELEMENT': {
      if (elemid === null) return [];
      const luck = hero.skills[Skill.Luck];
      const name = elementName(elemid);
      const hours = searchHours({ hours: ctx.hours });
      const per = hours === 1 ? '' : ' each hour';
      return [
        `${searchAmount(luck, land.element === elemid, hours)} ${name} elementals`,
        `${formatPercent(shardDropChance(luck))} chance of a ${name} shard${per}`,
        `${formatPercent(GAME_CONFIG.missions.SEARCHELEMENT.stoneChance)} chance of a Tower Stone${per}`,
        xpLine(missionXp(type, hours - 1)),
      ];
    }
    case 'UNIQUE':
      return ctx.uniqueEvent ? rewardLines(ctx.uniqueEvent.reward) : [];
  }
}
