import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import { formatDrainPercent } from './format.js';
import { growthOf } from './hero-growth.js';
import { missionXp } from './mission-formulas.js';
import {
  outcome,
  type MissionOutcome,
  type MissionRecord,
  type SettleState,
} from './mission-outcome.js';
import { bold, report, xpItem } from './mission-reports.js';
import { landLabel } from './model.js';
import { drainFor, landVolumeAt, sealSteps } from './vault.js';
import { elementName, isElement } from './world.js';

/** Settlement of HEROLEVELUP and IMPROVESEAL (docs/game-rules.md, Hero growth). */
const G = HERO_GROWTH_CONFIG;

function refunded(mission: MissionRecord, subject: string, lead: string): MissionOutcome {
  return outcome(
    mission.type,
    { success: false, refund: mission.reservation },
    report(subject, lead, ['What the mission took was returned.']),
  );
}

/** Level +1 (8 more upskill points follow from the level). */
export function settleHeroLevelUp(mission: MissionRecord, { hero }: SettleState): MissionOutcome {
  const level = growthOf(hero).level;
  if (level >= G.maxLevel) {
    return refunded(
      mission,
      `${hero.name} is already at the top level`,
      `${bold(hero.name)} cannot rise further.`,
    );
  }
  const xp = missionXp('HEROLEVELUP', level);
  const lead = `${bold(hero.name)} finished training and reached ${bold(`level ${level + 1}`)}.`;
  return outcome(
    'HEROLEVELUP',
    { xp, heroLevel: level + 1 },
    report(`${hero.name} reached level ${level + 1}`, lead, [
      `Upskill points gained: ${bold(G.pointsPerLevel)}`,
      xpItem(xp),
    ]),
  );
}

/** One more improvement step; the vault snapshot is re-based so past decay keeps the old drain. */
export function settleSealImprovement(
  mission: MissionRecord,
  { land, hero }: SettleState,
  now: number,
): MissionOutcome {
  const { elemid } = mission.params;
  if (!isElement(elemid)) throw new RangeError('IMPROVESEAL stored without a valid elemid');
  const steps = sealSteps(land, elemid);
  const name = `${elementName(elemid)} seal`;
  if (steps >= G.sealImprovement.maxSteps || land.seals[elemid] < G.sealImprovement.minSeal) {
    return refunded(
      mission,
      `Improvement cancelled: the ${name} changed`,
      `The ${name} of ${bold(landLabel(land))} cannot take another improvement.`,
    );
  }
  const volume = landVolumeAt(land, elemid, now);
  const xp = missionXp('IMPROVESEAL', steps);
  const drain = formatDrainPercent(drainFor(land.seals[elemid], steps + 1));
  const lead = `${bold(hero.name)} improved the ${name} of ${bold(landLabel(land))}: step ${bold(steps + 1)} of ${G.sealImprovement.maxSteps}.`;
  return outcome(
    'IMPROVESEAL',
    {
      xp,
      sealSteps: { elemid, steps: steps + 1 },
      vault: { elemid, delta: 0, snapshot: { volume, at: now } },
    },
    report(`${name} improved (step ${steps + 1})`, lead, [`Drain now ${bold(drain)}`, xpItem(xp)]),
  );
}
