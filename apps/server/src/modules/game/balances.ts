import { and, eq, sql } from 'drizzle-orm';
import type { GoldSnapshot, LandState, VaultSnapshot } from '@aleph/rules';
import type { Executor } from '../../db/client.js';
import { landElements, landItems, lands, profiles } from '../../db/schema.js';
import { recordLedger, round6, type LedgerEntry } from './ledger.js';

/**
 * Every balance change goes through here: the balance and its ledger entries are written in
 * the caller's transaction, so `balance == sum(ledger)` always holds. The database's CHECK
 * constraints are the last line against a negative balance.
 */

export interface Cause {
  cause: string;
  causeId?: string | number | null;
  at: Date;
}

export interface ProfileChange {
  gold?: number;
  platinum?: number;
  xp?: number;
  vipPoints?: number;
}

export async function changeProfile(
  tx: Executor,
  profileId: number,
  change: ProfileChange,
  why: Cause,
) {
  const gold = change.gold ?? 0;
  const platinum = change.platinum ?? 0;
  const xp = change.xp ?? 0;
  const vip = change.vipPoints ?? 0;
  if (gold === 0 && platinum === 0 && xp === 0 && vip === 0) return;
  await tx
    .update(profiles)
    .set({
      gold: sql`${profiles.gold} + ${gold}`,
      platinum: sql`${profiles.platinum} + ${platinum}`,
      xp: sql`${profiles.xp} + ${xp}`,
      vipPoints: sql`${profiles.vipPoints} + ${vip}`,
    })
    .where(eq(profiles.id, profileId));
  const base = { profileId, ...why };
  await recordLedger(tx, [
    { ...base, asset: 'gold', delta: gold },
    { ...base, asset: 'platinum', delta: platinum },
    { ...base, asset: 'xp', delta: xp },
    { ...base, asset: 'vip', delta: vip },
  ]);
}

/**
 * Stores a new gold snapshot. The part of the change the mission did not make itself is the
 * land's production since the last snapshot, booked as such.
 */
export async function setLandGold(
  tx: Executor,
  land: LandState,
  snapshot: GoldSnapshot,
  missionDelta: number,
  why: Cause,
) {
  const next = round6(snapshot.leftover);
  await tx
    .update(lands)
    .set({ goldLeftover: next, goldAt: new Date(snapshot.at) })
    .where(eq(lands.id, land.id));
  const base = {
    profileId: land.ownerId,
    asset: 'land_gold' as const,
    landId: land.id,
    at: why.at,
  };
  await recordLedger(tx, [
    {
      ...base,
      delta: next - land.gold.leftover - missionDelta,
      cause: 'production',
      causeId: why.causeId ?? null,
    },
    { ...base, delta: missionDelta, cause: why.cause, causeId: why.causeId ?? null },
  ]);
}

/** Stores a new vault snapshot; what the mission did not move is decay, booked as such. */
export async function setVault(
  tx: Executor,
  land: LandState,
  element: number,
  snapshot: VaultSnapshot,
  missionDelta: number,
  why: Cause,
) {
  const next = round6(snapshot.volume);
  const previous = land.vault[element as 0 | 1 | 2 | 3].volume;
  await tx
    .update(landElements)
    .set({ vaultVolume: next, vaultAt: new Date(snapshot.at) })
    .where(and(eq(landElements.landId, land.id), eq(landElements.element, element)));
  const base = {
    profileId: land.ownerId,
    asset: 'vault' as const,
    landId: land.id,
    element,
    at: why.at,
  };
  await recordLedger(tx, [
    {
      ...base,
      delta: next - previous - missionDelta,
      cause: 'decay',
      causeId: why.causeId ?? null,
    },
    { ...base, delta: missionDelta, cause: why.cause, causeId: why.causeId ?? null },
  ]);
}

export async function changeShards(
  tx: Executor,
  land: LandState,
  element: number,
  delta: number,
  why: Cause,
) {
  if (delta === 0) return;
  await tx
    .update(landElements)
    .set({ shards: sql`${landElements.shards} + ${delta}` })
    .where(and(eq(landElements.landId, land.id), eq(landElements.element, element)));
  await recordLedger(tx, [
    { profileId: land.ownerId, asset: 'shards', landId: land.id, element, delta, ...why },
  ]);
}

/** Adds (or, with negative counts, takes) items in a land's inventory. */
export async function changeItems(
  tx: Executor,
  land: Pick<LandState, 'id' | 'ownerId'>,
  counts: Readonly<Record<string, number>>,
  why: Cause,
) {
  const entries: LedgerEntry[] = [];
  for (const [code, delta] of Object.entries(counts)) {
    if (delta === 0) continue;
    if (delta < 0) {
      // An insert's row is checked before ON CONFLICT, so a withdrawal is a plain update.
      const taken = await tx
        .update(landItems)
        .set({ balance: sql`${landItems.balance} + ${delta}` })
        .where(and(eq(landItems.landId, land.id), eq(landItems.itemCode, code)))
        .returning({ balance: landItems.balance });
      if (taken.length === 0) throw new Error(`land ${land.id} has no ${code} to take`);
      entries.push({
        profileId: land.ownerId,
        asset: 'item',
        landId: land.id,
        itemCode: code,
        delta,
        ...why,
      });
      continue;
    }
    await tx
      .insert(landItems)
      .values({ landId: land.id, itemCode: code, balance: delta })
      .onConflictDoUpdate({
        target: [landItems.landId, landItems.itemCode],
        set: { balance: sql`${landItems.balance} + ${delta}` },
      });
    entries.push({
      profileId: land.ownerId,
      asset: 'item',
      landId: land.id,
      itemCode: code,
      delta,
      ...why,
    });
  }
  await recordLedger(tx, entries);
}
