import { itemName } from './items.js';
import {
  outcome,
  type MissionOutcome,
  type MissionRecord,
  type SettleState,
} from './mission-outcome.js';
import { bold, report, xpItem } from './mission-reports.js';
import { landLabel } from './model.js';

/**
 * A unique mission always succeeds: the place and the requirement were judged at start. It
 * pays the reward kept in its params at start (an operator closing or editing the event later
 * changes nothing for heroes already on their way): gold and XP to the profile, items to the
 * inventory of the land the hero set out from.
 */
export function settleUnique(mission: MissionRecord, { land, hero }: SettleState): MissionOutcome {
  const snapshot = mission.params.unique;
  if (!snapshot) throw new RangeError('UNIQUE stored without its event');
  const { reward, name } = snapshot;
  const items = Object.entries(reward.items).map(
    ([code, n]) =>
      `${bold(`${n} x ${itemName(code)}`)} to the inventory of ${bold(landLabel(land))}`,
  );
  const lines = [
    ...(reward.gold > 0 ? [`Gold to your treasury: ${bold(reward.gold)}`] : []),
    ...items,
    xpItem(reward.xp),
  ];
  return outcome(
    'UNIQUE',
    { xp: reward.xp, treasuryGold: reward.gold, items: { ...reward.items } },
    report(
      `${hero.name} completed ${name}`,
      `${bold(hero.name)} came back from ${bold(name)} with its reward.`,
      lines,
    ),
  );
}
