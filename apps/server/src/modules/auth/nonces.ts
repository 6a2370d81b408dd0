import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode } from '@aleph/contracts';
import type { Db, Executor } from '../../db/client.js';
import { authNonces } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';

/** Sign-In with Ethereum nonces (`GET /abwab/nonce`): single use, living nonceTtlSeconds. */

export const nonceInvalid = () =>
  badRequest(
    ErrorCode.nonceInvalid,
    'This signature was already used or has expired. Please connect your wallet again.',
    'message',
  );

const usable = (nonce: string, now: Date) =>
  and(eq(authNonces.nonce, nonce), isNull(authNonces.usedAt), gt(authNonces.expiresAt, now));

export async function isNonceUsable(db: Db, nonce: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ nonce: authNonces.nonce })
    .from(authNonces)
    .where(usable(nonce, now))
    .limit(1);
  return rows.length > 0;
}

/** Marks the nonce used in the caller's transaction, or throws NONCE_INVALID (a replay). */
export async function consumeNonce(tx: Executor, nonce: string, now: Date): Promise<void> {
  const consumed = await tx
    .update(authNonces)
    .set({ usedAt: now })
    .where(usable(nonce, now))
    .returning({ nonce: authNonces.nonce });
  if (consumed.length === 0) throw nonceInvalid();
}
