import { and, eq, lte, or, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { purchases } from '../../../db/schema.js';
import { hit, tooMany, type RateLimitRule } from '../../../lib/rate-limit.js';

/**
 * How much of the chain node one player may use (docs/operations.md, Payments). Constants, not
 * settings: they protect the node's quota, and an honest player stays far below them (one
 * purchase polled for ten minutes is about 8 verifications).
 *
 * Verifications that reach the node, per profile: a purchase posted with a hash, or a pending
 * one checked again. Each is at most three JSON-RPC requests (transaction, receipt, head), so
 * one account can make at most 90 every ten minutes.
 */
export const NODE_CHECKS_PER_PROFILE: RateLimitRule = { max: 30, windowSeconds: 10 * 60 };

/** A pending payment is checked again after 5 s, then 10 s, 20 s ... at most every 5 minutes. */
export const RECHECK_FIRST_SECONDS = 5;
export const RECHECK_MAX_SECONDS = 5 * 60;

/** The wait after the `checks`-th verification of a pending payment. */
export function recheckDelaySeconds(checks: number): number {
  const doublings = Math.min(Math.max(checks - 1, 0), 16);
  return Math.min(RECHECK_FIRST_SECONDS * 2 ** doublings, RECHECK_MAX_SECONDS);
}

export const nextCheckAfter = (now: Date, checks: number): Date =>
  new Date(now.getTime() + recheckDelaySeconds(checks) * 1000);

/**
 * Counts one verification against the profile's budget, in the database so every server
 * process shares it; over the budget: 429 with Retry-After, and the node is not asked.
 */
export async function spendNodeCheck(db: Executor, profileId: number, now: Date): Promise<void> {
  const state = await hit(db, `chain:profile:${profileId}`, NODE_CHECKS_PER_PROFILE, now);
  if (state.hits > NODE_CHECKS_PER_PROFILE.max)
    throw tooMany(
      state,
      `Too many payment checks in a short time. Please wait ${state.retryAfterSeconds} seconds and try again.`,
    );
}

/**
 * Takes the right to verify a pending payment now, for this process alone: one atomic update
 * that counts the check and moves the next one out by the growing delay. Undefined when the
 * payment is no longer pending or another request (in any process) took this turn.
 */
export async function claimRecheck(db: Executor, purchaseId: number, now: Date) {
  const delay = sql`least(${RECHECK_FIRST_SECONDS} * power(2, least(${purchases.checks}, 16)), ${RECHECK_MAX_SECONDS})`;
  const [row] = await db
    .update(purchases)
    .set({
      checks: sql`${purchases.checks} + 1`,
      nextCheckAt: sql`${now}::timestamptz + ${delay} * interval '1 second'`,
    })
    .where(
      and(
        eq(purchases.id, purchaseId),
        eq(purchases.status, 'pending'),
        or(isNull(purchases.nextCheckAt), lte(purchases.nextCheckAt, now)),
      ),
    )
    .returning();
  return row;
}

export async function purchaseById(db: Executor, purchaseId: number) {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row;
}
