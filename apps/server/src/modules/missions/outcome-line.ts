import { elementName, itemByCode } from '@aleph/rules';
import type { OutcomeRecord } from './settle-batch.js';

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
