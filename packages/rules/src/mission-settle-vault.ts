import { GAME_CONFIG } from './config.js';
import { leftoverAt, productivity } from './land-gold.js';
import { missionXp, searchAmount, shardDropChance } from './mission-formulas.js';
import {
  outcome,
  type MissionOutcome,
  type MissionRecord,
  type SettleState,
} from './mission-outcome.js';
import { bold, report, xpItem } from './mission-reports.js';
import { landLabel } from './model.js';
import { rollChance, type Rng } from './rng.js';
import { addElementals, landVolumeAt, sealName, vaultCap } from './vault.js';
import { Skill, elementName, isElement, type Element } from './world.js';

/** Settlement of the missions that work a land's towers and vaults. */

function requireElement(mission: MissionRecord): Element {
  const { elemid } = mission.params;
  if (!isElement(elemid)) throw new RangeError(`${mission.type} stored without a valid elemid`);
  return elemid;
}

/** Refunds what start took: the level moved on since (only if two upgrades raced). */
function staleUpgrade(mission: MissionRecord, state: SettleState, what: string): MissionOutcome {
  const lead = `The ${what} of ${bold(landLabel(state.land))} changed before ${bold(state.hero.name)} finished; the materials were returned.`;
  return outcome(
    mission.type,
    { success: false, refund: mission.reservation },
    report(`Upgrade cancelled: the ${what} changed`, lead, []),
  );
}

/** Tower +1; the gold snapshot is re-based so past production keeps the old rate. */
export function settleTowerUpgrade(
  mission: MissionRecord,
  state: SettleState,
  now: number,
): MissionOutcome {
  const elemid = requireElement(mission);
  const { land, hero } = state;
  const level = land.towers[elemid];
  const name = `${elementName(elemid)} tower`;
  if (level !== mission.params.currentLevel || level >= GAME_CONFIG.land.towerMaxLevel) {
    return staleUpgrade(mission, state, name);
  }
  const leftover = leftoverAt(land.gold, productivity(land.towers, land.terrain), now);
  const xp = missionXp('UPGRADETOWER', level);
  const lead = `${bold(hero.name)} raised the ${name} of ${bold(landLabel(land))} to ${bold(`level ${level + 1}`)}.`;
  return outcome(
    'UPGRADETOWER',
    {
      xp,
      towerLevel: { elemid, level: level + 1 },
      landGold: { delta: 0, snapshot: { leftover, at: now } },
    },
    report(`${name} upgraded to level ${level + 1}`, lead, [xpItem(xp)]),
  );
}

/** Seal +1; the vault snapshot is re-based so past decay keeps the old drain. */
export function settleSealUpgrade(
  mission: MissionRecord,
  state: SettleState,
  now: number,
): MissionOutcome {
  const elemid = requireElement(mission);
  const { land, hero } = state;
  const seals = land.seals[elemid];
  const name = `${elementName(elemid)} seal`;
  if (seals !== mission.params.currentSeal || seals >= GAME_CONFIG.vault.maxSeal) {
    return staleUpgrade(mission, state, name);
  }
  const volume = landVolumeAt(land, elemid, now);
  const xp = missionXp('UPGRADESEAL', seals);
  const lead = `${bold(hero.name)} strengthened the ${name} of ${bold(landLabel(land))} to ${bold(sealName(seals + 1))}.`;
  return outcome(
    'UPGRADESEAL',
    {
      xp,
      seal: { elemid, seals: seals + 1 },
      vault: { elemid, delta: 0, snapshot: { volume, at: now } },
    },
    report(`${name} upgraded to ${sealName(seals + 1)}`, lead, [xpItem(xp)]),
  );
}

/** Elementals into the vault up to its cap, and a shard with chance `Luck / 400`. */
export function settleSearch(
  mission: MissionRecord,
  state: SettleState,
  now: number,
  rng: Rng,
): MissionOutcome {
  const elemid = requireElement(mission);
  const { land, hero } = state;
  const luck = hero.skills[Skill.Luck];
  const found = searchAmount(luck, land.element === elemid);
  const cap = vaultCap(land.towers[elemid]);
  const change = addElementals(land.vault[elemid], land.seals[elemid], cap, found, now);
  const shard = rollChance(rng, shardDropChance(luck));
  const xp = missionXp('SEARCHELEMENT', 0);
  const name = elementName(elemid);
  const lines = [
    `${name} elementals stored: ${bold(change.amount)}${change.amount < found ? ' (the vault is full)' : ''}`,
    ...(shard ? [`Found a ${bold(`${name} shard`)}`] : []),
    xpItem(xp),
  ];
  return outcome(
    'SEARCHELEMENT',
    {
      xp,
      vault: { elemid, delta: change.amount, snapshot: change.snapshot },
      shards: shard ? { elemid, delta: GAME_CONFIG.missions.SEARCHELEMENT.shardsPerDrop } : null,
    },
    report(
      `${hero.name} found ${found} ${name} elementals`,
      `${bold(hero.name)} searched ${bold(landLabel(land))} for ${name} elementals.`,
      lines,
    ),
  );
}
