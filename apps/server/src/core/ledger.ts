import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { jsonRows } from './json-rows.js';

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
 * Appends entries in one statement, in the caller's transaction: the change book's flush, the
 * same transaction that changes the balances. Zero deltas are not written.
 */
export async function writeLedger(tx: Executor, list: readonly LedgerEntry[]): Promise<void> {
  const entries = list
    .map((e) => ({
      ...e,
      delta: round6(e.delta),
      causeId: e.causeId === undefined || e.causeId === null ? null : String(e.causeId),
    }))
    .filter((e) => e.delta !== 0);
  if (entries.length === 0) return;
  await tx.execute(sql`insert into ledger (profile_id, asset, land_id, element, item_code, delta, cause, cause_id, at)
    select "profileId", asset, "landId", element, "itemCode", delta, cause, "causeId", at
    from jsonb_to_recordset(${jsonRows(entries)}) as v("profileId" int, asset text, "landId" int,
      element smallint, "itemCode" text, delta numeric, cause text, "causeId" text, at timestamptz)`);
}
