import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { MarketErrorCode, type PurchaseKind } from '@aleph/contracts';
import type { Executor } from '../../db/client.js';
import { profiles, purchases, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { changeProfile } from '../../core/balances.js';
import { idempotencyMismatch } from './errors.js';

export type PurchaseRow = typeof purchases.$inferSelect;
/** A purchase request reduced to what makes it this purchase: a retry must repeat it. */
export type PurchaseRequest = Readonly<Record<string, string | number | null>>;

/** What a purchase's `result` column holds. */
export interface PurchaseResult {
  landId?: number;
  heroId?: number;
  valueWei?: string;
  blockNumber?: string;
  confirmations?: { have: number; need: number };
  refusal?: { code: string; message: string };
}

export const resultOf = (row: PurchaseRow): PurchaseResult => (row.result ?? {}) as PurchaseResult;

/** The purchase a player stored under an idempotency key (at most one: the key is unique). */
const underKey = (profileId: number, key: string) =>
  and(eq(purchases.profileId, profileId), eq(purchases.idempotencyKey, key));

export async function purchaseByKey(db: Executor, profileId: number, key: string) {
  const [row] = await db.select().from(purchases).where(underKey(profileId, key));
  return row;
}

export async function purchaseOf(db: Executor, profileId: number, id: number) {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.profileId, profileId)));
  if (!row) throw notFound('Purchase not found.', MarketErrorCode.purchaseNotFound);
  return row;
}

export async function purchaseHistory(db: Executor, profileId: number, limit: number) {
  return db
    .select()
    .from(purchases)
    .where(eq(purchases.profileId, profileId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(limit);
}

/**
 * The player has read the marketplace's own data: the first time is kept (the first steps goal
 * "Visit the marketplace", docs/game-rules.md). Once set, the update matches no row, so later
 * reads only look the row up and neither lock nor write it.
 */
export async function noteMarketSeen(db: Executor, profileId: number, now: Date) {
  await db
    .update(profiles)
    .set({ marketSeenAt: now })
    .where(and(eq(profiles.id, profileId), isNull(profiles.marketSeenAt)));
}

/**
 * In one read, so in one snapshot: the purchase stored under this key, and the one that holds
 * `txHash` (the same row, another one, or none). A parallel retry that commits meanwhile is
 * seen under both or neither, never as a hash taken by someone else.
 */
export async function purchasesOfKeyAndHash(
  db: Executor,
  profileId: number,
  key: string,
  txHash: string | null,
) {
  const ofKey = underKey(profileId, key);
  const rows = await db
    .select()
    .from(purchases)
    .where(txHash === null ? ofKey : or(ofKey, eq(purchases.txHash, txHash)));
  return {
    byKey: rows.find((r) => r.profileId === profileId && r.idempotencyKey === key),
    byHash: txHash === null ? undefined : rows.find((r) => r.txHash === txHash),
  };
}

/** The lower-case address the player registered with: the only wallet that may pay. */
export async function payerOf(db: Executor, profileId: number): Promise<string> {
  const [row] = await db
    .select({ address: users.address })
    .from(users)
    .where(eq(users.id, profileId));
  if (!row) throw notFound('Profile not found.');
  return row.address.toLowerCase();
}

/** A retry must be the same purchase: same kind and same request, or it is refused. */
export function assertSameRequest(row: PurchaseRow, kind: PurchaseKind, request: PurchaseRequest) {
  const stored = (row.request ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(stored), ...Object.keys(request)]);
  const same = [...keys].every((k) => (stored[k] ?? null) === (request[k] ?? null));
  if (row.kind !== kind || !same) throw idempotencyMismatch();
}

/** Platinum bought: the balance and VIP points grow by the same amount, with the ledger. */
export async function creditPurchase(tx: Executor, row: PurchaseRow, now: Date) {
  await changeProfile(
    tx,
    row.profileId,
    { platinum: row.platinum, vipPoints: row.platinum },
    { cause: 'purchase', causeId: row.id, at: now },
  );
}
