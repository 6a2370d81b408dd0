import {
  elementName,
  itemByCode,
  type Element,
  type MissionOutcome,
  type MissionType,
} from '@aleph/rules';

/**
 * What a settled mission keeps in `missions.result` (the settlement writes it, the mission log
 * reads it, both show it as `outcomeLine`): its effects, with nothing that is kept
 * elsewhere (the report is the inbox message; the snapshots are the land's balances) and no
 * empty fields. A quarter of the full outcome's size, which settlement writes once per mission.
 */
export type OutcomeRecord = {
  -readonly [
    K in Exclude<keyof MissionOutcome, 'report' | 'landGold' | 'vault'>
  ]?: MissionOutcome[K];
} & {
  type: MissionType;
  success: boolean;
  landGold?: number;
  vault?: { elemid: Element; delta: number };
};

export function outcomeRecord(o: MissionOutcome): OutcomeRecord {
  const r: OutcomeRecord = { type: o.type, success: o.success };
  if (o.xp !== 0) r.xp = o.xp;
  if (o.treasuryGold !== 0) r.treasuryGold = o.treasuryGold;
  if (o.goldClaimed !== 0) r.goldClaimed = o.goldClaimed;
  if (o.landGold) r.landGold = o.landGold.delta;
  if (o.vault) r.vault = { elemid: o.vault.elemid, delta: o.vault.delta };
  if (o.shards) r.shards = o.shards;
  if (Object.keys(o.items).length > 0) r.items = o.items;
  if (o.towerLevel) r.towerLevel = o.towerLevel;
  if (o.seal) r.seal = o.seal;
  if (o.heroLevel !== null) r.heroLevel = o.heroLevel;
  if (o.sealSteps) r.sealSteps = o.sealSteps;
  if (o.residenceLandId !== null) r.residenceLandId = o.residenceLandId;
  if (o.refund) r.refund = o.refund;
  return r;
}

const plus = (n: number, what: string) => `+${Math.round(n)} ${what}`;

/**
 * A settled mission's effect in one line, for the `mission.finished` toast (docs/api.md,
 * "Push"): "+120 gold", "+3 fire elementals, +40 XP", "Fire tower level 3". Gains first, XP
 * last; nothing gained reads "nothing gained" (or "failed").
 */
export function outcomeLine(r: OutcomeRecord): string {
  const parts: string[] = [];
  if (r.treasuryGold && r.treasuryGold > 0) parts.push(plus(r.treasuryGold, 'gold'));
  if (r.vault && r.vault.delta > 0)
    parts.push(plus(r.vault.delta, `${elementName(r.vault.elemid).toLowerCase()} elementals`));
  if (r.shards && r.shards.delta > 0)
    parts.push(plus(r.shards.delta, `${elementName(r.shards.elemid).toLowerCase()} shards`));
  for (const [code, n] of Object.entries(r.items ?? {}))
    if (n > 0) parts.push(plus(n, itemByCode(code)?.item_name ?? code));
  if (r.towerLevel)
    parts.push(`${elementName(r.towerLevel.elemid)} tower level ${r.towerLevel.level}`);
  if (r.seal) parts.push(`${elementName(r.seal.elemid)} seal ${r.seal.seals}`);
  if (r.heroLevel !== undefined) parts.push(`hero level ${r.heroLevel}`);
  if (r.sealSteps)
    parts.push(`${elementName(r.sealSteps.elemid)} seal improvement ${r.sealSteps.steps}`);
  if (r.residenceLandId !== undefined) parts.push(`moved to land #${r.residenceLandId}`);
  if (r.refund) parts.push('ingredients returned');
  if (r.xp && r.xp > 0) parts.push(plus(r.xp, 'XP'));
  if (parts.length > 0) return parts.join(', ');
  return r.success ? 'nothing gained' : 'failed';
}
