import type { Executor } from '../../db/client.js';
import { ledger } from '../../db/schema.js';

export type Asset = 'gold' | 'platinum' | 'xp' | 'vip' | 'land_gold' | 'vault' | 'shards' | 'item';

export interface LedgerEntry {
  profileId: number;
  asset: Asset;
  delta: number;
  cause: string;
  causeId?: string | number | null;
  landId?: number | null;
  element?: number | null;
  itemCode?: string | null;
  at: Date;
}

/** Balances with fractions are stored to six decimals; deltas are rounded the same way. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Appends entries in the caller's transaction, the same one that changes the balances.
 * Zero deltas are not written.
 */
export async function recordLedger(tx: Executor, entries: readonly LedgerEntry[]): Promise<void> {
  const rows = entries
    .map((e) => ({ ...e, delta: round6(e.delta) }))
    .filter((e) => e.delta !== 0)
    .map((e) => ({
      profileId: e.profileId,
      asset: e.asset,
      delta: e.delta,
      cause: e.cause,
      causeId: e.causeId === undefined || e.causeId === null ? null : String(e.causeId),
      landId: e.landId ?? null,
      element: e.element ?? null,
      itemCode: e.itemCode ?? null,
      at: e.at,
    }));
  if (rows.length > 0) await tx.insert(ledger).values(rows);
}
