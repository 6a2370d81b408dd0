import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Sign-ins, for the multi-account signals of the console (docs/operations.md, "Moderation"):
 * each keeps a keyed hash of the client address, so accounts sharing an address can be found
 * for as long as the rows live, while the raw address is dropped after RAW_ADDRESS_DAYS.
 */

/** How long a sign-in keeps its raw client address (housekeeping nulls it after). */
export const RAW_ADDRESS_DAYS = 30;

const keys = new Map<string, Buffer>();

/**
 * The hashing key, derived from COOKIE_SECRET for this one use: the server's own secret, so
 * nobody without it can test an address against the hashes.
 */
function keyOf(cookieSecret: string): Buffer {
  let key = keys.get(cookieSecret);
  if (!key) {
    key = createHmac('sha256', cookieSecret).update('aleph sign-in address hash v1').digest();
    keys.set(cookieSecret, key);
  }
  return key;
}

/** HMAC-SHA256 of the client address (hex). */
export const addressHash = (cookieSecret: string, address: string) =>
  createHmac('sha256', keyOf(cookieSecret)).update(address).digest('hex');

export interface SignInOrigin {
  clientAddress?: string | undefined;
  userAgent?: string | undefined;
  deviceId?: string | undefined;
}

/** Writes one sign-in in the caller's transaction (the session's own). */
export async function recordSignIn(
  tx: Executor,
  cookieSecret: string,
  userId: number,
  origin: SignInOrigin,
  now: Date,
): Promise<void> {
  const address = origin.clientAddress ?? '';
  await tx.execute(sql`insert into sign_ins
      (user_id, at, address_hash, client_address, user_agent, device_id)
    values (${userId}, ${now}, ${addressHash(cookieSecret, address)}, ${address || null},
      ${origin.userAgent?.slice(0, 400) ?? null}, ${origin.deviceId ?? null})`);
}

/** Housekeeping: raw client addresses older than RAW_ADDRESS_DAYS are forgotten. */
export async function forgetOldAddresses(db: Executor, now: Date): Promise<void> {
  const before = new Date(now.getTime() - RAW_ADDRESS_DAYS * 86_400_000);
  await db.execute(
    sql`update sign_ins set client_address = null
      where client_address is not null and at < ${before}`,
  );
}
