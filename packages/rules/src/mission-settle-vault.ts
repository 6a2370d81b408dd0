import { GAME_CONFIG } from './config.js';
import { leftoverAt, productivity } from './land-gold.js';
import { TOWER_STONE } from './items.js';
import { missionXp, searchAmount, searchHours, shardDropChance } from './mission-formulas.js';
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
  const S = GAME_CONFIG.missions.SEARCHELEMENT;
  const luck = hero.skills[Skill.Luck];
  const hours = searchHours(mission.params);
  const found = searchAmount(luck, land.element === elemid, hours);
  const cap = vaultCap(land.towers[elemid]);
  const change = addElementals(land.vault[elemid], land.seals[elemid], cap, found, now);
  // Two draws per hour, in order: the shard, then the Tower Stone.
  let shards = 0;
  let stones = 0;
  for (let h = 0; h < hours; h++) {
    if (rollChance(rng, shardDropChance(luck))) shards += S.shardsPerDrop;
    if (rollChance(rng, S.stoneChance)) stones += 1;
  }
  const xp = missionXp('SEARCHELEMENT', hours - 1);
  const name = elementName(elemid);
  const lines = [
    `${name} elementals stored: ${bold(change.amount)}${change.amount < found ? ' (the vault is full)' : ''}`,
    ...(shards > 0 ? [`Found ${bold(`${shards} ${name} shard${shards > 1 ? 's' : ''}`)}`] : []),
    ...(stones > 0 ? [`Found ${bold(`${stones} Tower Stone${stones > 1 ? 's' : ''}`)}`] : []),
    xpItem(xp),
  ];
  return outcome(
    'SEARCHELEMENT',
    {
      xp,
      vault: { elemid, delta: change.amount, snapshot: change.snapshot },
      shards: shards > 0 ? { elemid, delta: shards } : null,
      items: stones > 0 ? { [TOWER_STONE]: stones } : {},
    },
    report(
      `${hero.name} found ${found} ${name} elementals`,
      `${bold(hero.name)} searched ${bold(landLabel(land))} for ${name} elementals.`,
      lines,
    ),
  );
}
