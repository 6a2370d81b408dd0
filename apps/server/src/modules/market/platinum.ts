import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BuyPlatinumBody } from '@aleph/contracts';
import { MarketErrorCode } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { purchases } from '../../db/schema.js';
import { withRetry } from '../../db/retry.js';
import { badRequest } from '../../lib/errors.js';
import { lockProfile } from '../../core/balances.js';
import { paymentRefused, paymentUnavailable, txAlreadyUsed, violatedIndex } from './errors.js';
import { findPackage } from './offers.js';
import {
  claimRecheck,
  nextCheckAfter,
  purchaseById,
  spendNodeCheck,
} from './payments/node-budget.js';
import type { PaymentProvider, PaymentVerdict } from './payments/types.js';
import {
  assertSameRequest,
  creditPurchase,
  payerOf,
  purchaseByKey,
  purchasesOfKeyAndHash,
  resultOf,
  type PurchaseRequest,
  type PurchaseResult,
  type PurchaseRow,
} from './store.js';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * Buys a Platinum package. The payment is verified first, outside any transaction (it may
 * wait on the network); then, in one transaction under the profile lock, the purchase is
 * stored and, when confirmed, credited. Not confirmed yet: stored as pending, credited when
 * read again with enough confirmations. A refusal stores nothing.
 */
export async function buyPlatinum(
  deps: PaymentDeps,
  profileId: number,
  body: BuyPlatinumBody,
  now: Date,
): Promise<PurchaseRow> {
  const { db, provider } = deps;
  const pack = findPackage(body.packageId);
  if (!pack)
    throw badRequest(
      MarketErrorCode.unknownPackage,
      `There is no Platinum package ${body.packageId}.`,
      'packageId',
    );
  // The sandbox has no transactions: a hash sent to it means nothing and is not kept.
  const txHash = provider.kind === 'onchain' ? (body.txHash?.toLowerCase() ?? null) : null;
  const request: PurchaseRequest = { packageId: pack.id, txHash };
  const key = body.idempotencyKey;

  const { byKey, byHash } = await purchasesOfKeyAndHash(db, profileId, key, txHash);
  if (byKey) return replay(deps, byKey, request, now);
  if (byHash) throw txAlreadyUsed();
  // Only a hash sent to the chain provider reaches the node (docs/operations.md, Payments).
  if (txHash !== null) await spendNodeCheck(db, profileId, now);
  const priceWei = BigInt(pack.priceWei);
  const verdict = await verifyOrUnavailable(deps, {
    purchase: { payer: await payerOf(db, profileId), priceWei },
    txHash,
  });
  if (verdict.status === 'refused') {
    // A node on another chain is the operator's to fix: every payment is refused until then.
    if (verdict.code === MarketErrorCode.wrongChain) deps.log.warn({ txHash }, verdict.message);
    throw paymentRefused(verdict);
  }

  let stored: PurchaseRow | null;
  try {
    stored = await withRetry(() =>
      db.transaction(async (tx) => {
        await lockProfile(tx, profileId);
        // A parallel retry with this key may have stored the purchase while we verified.
        if (await purchaseByKey(tx, profileId, key)) return null;
        const confirmed = verdict.status === 'confirmed';
        const [row] = await tx
          .insert(purchases)
          .values({
            profileId,
            kind: 'platinum',
            idempotencyKey: key,
            request,
            status: verdict.status,
            packageId: pack.id,
            platinum: pack.platinum,
            priceWei: pack.priceWei,
            provider: provider.kind,
            txHash: verdict.txHash,
            chainId: verdict.chainId,
            result: factsOf(verdict),
            createdAt: now,
            confirmedAt: confirmed ? now : null,
            checks: 1,
            nextCheckAt: verdict.status === 'pending' ? nextCheckAfter(now, 1) : null,
          })
          .returning();
        if (!row) throw new Error('purchase insert returned no row');
        if (confirmed) await creditPurchase(tx, row, now);
        return row;
      }),
    );
  } catch (err) {
    const index = violatedIndex(err);
    if (index === 'purchases_tx_hash_key') throw txAlreadyUsed();
    if (index !== 'purchases_idempotency_key') throw err;
    stored = null;
  }
  if (stored) return stored;
  const winner = await purchaseByKey(db, profileId, key);
  if (!winner) throw new Error('purchase vanished after an idempotency conflict');
  return replay(deps, winner, request, now);
}

/** The same key again: the original purchase, brought up to date, or a mismatch refusal. */
async function replay(
  deps: PaymentDeps,
  row: PurchaseRow,
  request: PurchaseRequest,
  now: Date,
): Promise<PurchaseRow> {
  assertSameRequest(row, 'platinum', request);
  return row.status === 'pending' ? refreshPending(deps, row, now) : row;
}

/** Re-checks in flight in this process, per provider (one per app) and purchase id. */
const inFlight = new WeakMap<PaymentProvider, Map<number, Promise<PurchaseRow>>>();

/**
 * Verifies a pending payment again, at most once per back-off interval (5 s doubling up to
 * 5 minutes, stored with the purchase so every process honours it; docs/operations.md,
 * Payments). Inside the interval, or while another request re-checks it, the stored state is
 * the answer and the node is not asked; requests of this process wait for the re-check
 * already running instead. A re-check counts against the profile's node budget (429 over it).
 */
export async function refreshPending(
  deps: PaymentDeps,
  row: PurchaseRow,
  now: Date,
): Promise<PurchaseRow> {
  if (row.status !== 'pending' || row.priceWei === null) return row;
  // Only the provider and chain that accepted the payment may confirm it.
  const { kind, setup } = deps.provider;
  if (row.provider !== kind || row.chainId !== setup.chainId) return row;
  const running = inFlight.get(deps.provider) ?? new Map<number, Promise<PurchaseRow>>();
  inFlight.set(deps.provider, running);
  // First: this row may have been read after a running re-check claimed its turn.
  const joined = running.get(row.id);
  if (joined) return joined;
  if (row.nextCheckAt !== null && row.nextCheckAt > now) return row;
  const priceWei = BigInt(row.priceWei);
  const flight = recheck(deps, row, priceWei, now).finally(() => running.delete(row.id));
  running.set(row.id, flight);
  return flight;
}

/**
 * Enough confirmations: confirmed and credited, exactly once even when many reads race (the
 * row is re-read under lock). A transaction that failed on the chain: refused. Anything else
 * (still waiting, node unreachable, not seen): still pending.
 */
async function recheck(
  deps: PaymentDeps,
  row: PurchaseRow,
  priceWei: bigint,
  now: Date,
): Promise<PurchaseRow> {
  const claimed = await claimRecheck(deps.db, row.id, now);
  if (!claimed) return (await purchaseById(deps.db, row.id)) ?? row;
  await spendNodeCheck(deps.db, row.profileId, now);
  let verdict: PaymentVerdict;
  try {
    verdict = await deps.provider.verify(
      { payer: await payerOf(deps.db, row.profileId), priceWei },
      { txHash: row.txHash },
    );
  } catch (err) {
    deps.log.warn({ err, purchaseId: row.id }, 'payment verification failed; still pending');
    return claimed;
  }
  if (verdict.status === 'pending') return keepPending(deps, claimed, verdict);
  if (verdict.status === 'refused' && verdict.code !== MarketErrorCode.txFailed) {
    deps.log.warn({ purchaseId: row.id, refusal: verdict.code }, 'pending payment not verifiable');
    return claimed;
  }
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      await lockProfile(tx, row.profileId);
      const [current] = await tx
        .select()
        .from(purchases)
        .where(eq(purchases.id, row.id))
        .for('update');
      if (!current || current.status !== 'pending') return current ?? row;
      const confirmed = verdict.status === 'confirmed';
      const result: PurchaseResult =
        verdict.status === 'refused'
          ? { ...resultOf(current), refusal: { code: verdict.code, message: verdict.message } }
          : { ...resultOf(current), ...factsOf(verdict) };
      const [updated] = await tx
        .update(purchases)
        .set({ status: verdict.status, result, confirmedAt: confirmed ? now : null })
        .where(eq(purchases.id, row.id))
        .returning();
      if (!updated) throw new Error('purchase update returned no row');
      if (confirmed) await creditPurchase(tx, updated, now);
      return updated;
    }),
  );
}

/** What a still-pending check saw (confirmations so far), kept for the reads that follow. */
async function keepPending(
  deps: PaymentDeps,
  row: PurchaseRow,
  verdict: PaymentVerdict,
): Promise<PurchaseRow> {
  const [updated] = await deps.db
    .update(purchases)
    .set({ result: { ...resultOf(row), ...factsOf(verdict) } })
    .where(and(eq(purchases.id, row.id), eq(purchases.status, 'pending')))
    .returning();
  return updated ?? (await purchaseById(deps.db, row.id)) ?? row;
}

async function verifyOrUnavailable(
  deps: PaymentDeps,
  input: { purchase: { payer: string; priceWei: bigint }; txHash: string | null },
): Promise<PaymentVerdict> {
  try {
    return await deps.provider.verify(input.purchase, { txHash: input.txHash });
  } catch (err) {
    deps.log.error({ err }, 'payment verification failed');
    throw paymentUnavailable();
  }
}

/** What verification saw, kept with the purchase. */
function factsOf(verdict: PaymentVerdict): PurchaseResult {
  if (verdict.status === 'refused') return {};
  const { valueWei, blockNumber, confirmations } = verdict;
  return {
    ...(valueWei !== undefined ? { valueWei } : {}),
    ...(blockNumber !== undefined ? { blockNumber } : {}),
    ...(confirmations !== undefined ? { confirmations } : {}),
  };
}
