import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import { formatDrainPercent } from './format.js';
import { growthOf, heroLevelXp } from './hero-growth.js';
import { itemName } from './items.js';
import type { HeroState, LandState, Reservation } from './model.js';
import { drainFor, sealName, sealSteps } from './vault.js';
import { elementName, type Element } from './world.js';

/** The check's comments and reward lines of HEROLEVELUP and IMPROVESEAL. */
const G = HERO_GROWTH_CONFIG;

function costLine(res: Reservation): string {
  if (res.elemid === null) return '';
  const name = elementName(res.elemid);
  const parts = [
    ...(res.gold ? [`${res.gold} treasury gold`] : []),
    ...(res.elementals > 0 ? [`${res.elementals} ${name} elementals`] : []),
    ...Object.entries(res.items).map(([code, count]) => `${count} x ${itemName(code)}`),
    ...(res.shards > 0 ? [`${res.shards} ${name} shards`] : []),
  ];
  return `Costs ${parts.join(', ')}, taken at launch.`;
}

export function levelUpComments(hero: HeroState, res: Reservation): string[] {
  const growth = growthOf(hero);
  if (growth.level >= G.maxLevel) return [`${hero.name} is at the highest level.`];
  const need = heroLevelXp(growth.level + 1);
  return [`Hero XP: ${growth.xp} of ${need} for level ${growth.level + 1}.`, costLine(res)];
}

export function levelUpReward(hero: HeroState): string[] {
  const level = growthOf(hero).level;
  if (level >= G.maxLevel) return [];
  return [`${hero.name} reaches level ${level + 1}`, `${G.pointsPerLevel} upskill points`];
}

export function improveSealComments(
  land: LandState,
  elemid: Element | null,
  res: Reservation,
): string[] {
  if (elemid === null) return [];
  const steps = sealSteps(land, elemid);
  const name = elementName(elemid);
  return [
    `The ${name} seal is ${sealName(land.seals[elemid])} with ${steps} of ${G.sealImprovement.maxSteps} improvements.`,
    ...(res.elemid === null ? [] : [costLine(res)]),
  ];
}

export function improveSealReward(land: LandState, elemid: Element | null): string[] {
  if (elemid === null) return [];
  const steps = sealSteps(land, elemid);
  if (steps >= G.sealImprovement.maxSteps) return [];
  const seal = land.seals[elemid];
  const drain = formatDrainPercent(drainFor(seal, steps + 1));
  return [`${elementName(elemid)} seal improvement ${steps + 1}: drain ${drain}`];
}
