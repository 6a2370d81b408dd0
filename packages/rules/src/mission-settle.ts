import { GAME_CONFIG } from './config.js';
import { settleHeroLevelUp, settleSealImprovement } from './hero-settle.js';
import { drawDailyRewardItem, itemName, sealItemCode } from './items.js';
import { leftoverAt, productivity } from './land-gold.js';
import { carryCapacity, huntSuccessChance, missionXp } from './mission-formulas.js';
import {
  outcome,
  type MissionOutcome,
  type MissionRecord,
  type SettleState,
} from './mission-outcome.js';
import { bold, report, xpItem } from './mission-reports.js';
import { settleSearch, settleSealUpgrade, settleTowerUpgrade } from './mission-settle-vault.js';
import { landLabel } from './model.js';
import { settleUnique } from './unique-settle.js';
import { rollChance, type Rng } from './rng.js';
import { Skill } from './world.js';

const M = GAME_CONFIG.missions;

/**
 * The outcome of a mission at its settlement time `now`. Pure: the server applies the
 * returned deltas exactly once. The rng must be created from the seed stored at start, so a
 * settlement can be replayed; each type draws a fixed number of values.
 */
export function settleMission(
  mission: MissionRecord,
  state: SettleState,
  now: number,
  rng: Rng,
): MissionOutcome {
  switch (mission.type) {
    case 'GOLDCLAIM':
      return settleGoldClaim(state, now);
    case 'DAILYREWARD':
      return settleDailyReward(state, rng);
    case 'HUNTSEAL':
      return settleHunt(state, rng);
    case 'TRANSFERHERO':
      return settleTransfer(state);
    case 'UPGRADETOWER':
      return settleTowerUpgrade(mission, state, now);
    case 'UPGRADESEAL':
      return settleSealUpgrade(mission, state, now);
    case 'SEARCHELEMENT':
      return settleSearch(mission, state, now, rng);
    case 'HEROLEVELUP':
      return settleHeroLevelUp(mission, state);
    case 'IMPROVESEAL':
      return settleSealImprovement(mission, state, now);
    case 'UNIQUE':
      return settleUnique(mission, state);
  }
}

/** Moves `min(floor(leftover at now), carry)` from the land to the treasury. */
function settleGoldClaim({ land, hero }: SettleState, now: number): MissionOutcome {
  const leftover = leftoverAt(land.gold, productivity(land.towers, land.terrain), now);
  const moved = Math.min(Math.floor(leftover), carryCapacity(hero.skills[Skill.Charisma]));
  const xp = missionXp('GOLDCLAIM', 0, moved);
  const left = Math.floor(leftover - moved);
  const subject = `${hero.name} brought ${moved} gold from ${landLabel(land)}`;
  const lead = `${bold(hero.name)} returned from ${bold(landLabel(land))} with ${bold(`${moved} gold`)} for your treasury.`;
  return outcome(
    'GOLDCLAIM',
    {
      success: moved > 0,
      xp,
      treasuryGold: moved,
      goldClaimed: moved,
      landGold: { delta: -moved, snapshot: { leftover: leftover - moved, at: now } },
    },
    report(subject, lead, [`Gold left on the land: ${bold(left)}`, xpItem(xp)]),
  );
}

function settleDailyReward({ land, hero }: SettleState, rng: Rng): MissionOutcome {
  const code = drawDailyRewardItem(rng, hero.skills[Skill.Luck]);
  const xp = missionXp('DAILYREWARD', 0);
  const gold = M.DAILYREWARD.gold;
  const lead = `${bold(hero.name)} collected the daily reward of ${bold(landLabel(land))}.`;
  return outcome(
    'DAILYREWARD',
    { xp, treasuryGold: gold, items: { [code]: 1 } },
    report(`Daily reward: ${gold} gold and 1 x ${itemName(code)}`, lead, [
      `Gold to your treasury: ${bold(gold)}`,
      `Item to the land's inventory: ${bold(itemName(code))}`,
      xpItem(xp),
    ]),
  );
}

function settleHunt({ land, hero }: SettleState, rng: Rng): MissionOutcome {
  const success = rollChance(rng, huntSuccessChance(hero.skills[Skill.Agility]));
  const full = missionXp('HUNTSEAL', 0);
  const xp = success ? full : Math.floor(full * M.HUNTSEAL.failureXpFactor);
  const seal = itemName(sealItemCode(hero.element));
  const lead = success
    ? `${bold(hero.name)} caught a ${bold(seal)} near ${bold(landLabel(land))}.`
    : `${bold(hero.name)} hunted near ${bold(landLabel(land))} but the seal got away.`;
  return outcome(
    'HUNTSEAL',
    { success, xp, items: success ? { [sealItemCode(hero.element)]: 1 } : {} },
    report(success ? `Hunt succeeded: ${seal}` : 'Hunt failed: the seal got away', lead, [
      xpItem(xp),
    ]),
  );
}

/** The land may have filled while the hero travelled: then it stays where it lived. */
function settleTransfer({ land, hero }: SettleState): MissionOutcome {
  const max = GAME_CONFIG.heroes.maxResidentsPerLand;
  if (land.residents >= max) {
    const xp = M.TRANSFERHERO.failedXp;
    const lead = `${bold(landLabel(land))} already houses ${max} heroes, so ${bold(hero.name)} went back home.`;
    return outcome(
      'TRANSFERHERO',
      { success: false, xp },
      report(`${hero.name} could not move: the land is full`, lead, [xpItem(xp)]),
    );
  }
  const xp = missionXp('TRANSFERHERO', 0);
  const lead = `${bold(hero.name)} now lives on ${bold(landLabel(land))}.`;
  return outcome(
    'TRANSFERHERO',
    { xp, residenceLandId: land.id },
    report(`${hero.name} moved to ${landLabel(land)}`, lead, [xpItem(xp)]),
  );
}
