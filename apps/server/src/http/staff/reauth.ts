import { sql } from 'drizzle-orm';
import { StaffErrorCode, type ReauthBody } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { clear, hit, tooMany, type RateLimitRule } from '../../lib/rate-limit.js';
import { verifyPassword } from '../../modules/auth/passwords.js';
import { confirmCode } from '../../modules/auth/two-factor.js';
import type { AppConfig } from '../../config.js';
import { FRESH_MS, type StaffCaller } from './guard.js';

/** Wrong passwords per account before re-authentication waits: a stolen session cannot guess. */
export const REAUTH_LIMIT: RateLimitRule = { max: 5, windowSeconds: 15 * 60 };

/**
 * `POST /diwan/reauth`: the staff member's password again (docs/api.md, "Operators"). Right, it
 * marks the session re-authenticated now, and staff actions need no other entry for FRESH_MS.
 * Every attempt counts against REAUTH_LIMIT until one succeeds.
 *
 * An account with two-factor must give a code of it too (an app or a recovery code), spent as at
 * the login's second step (modules/auth/two-factor.ts).
 */
export async function reauthenticate(
  { db, config }: { db: Db; config: AppConfig },
  staff: StaffCaller,
  body: ReauthBody,
  now: Date,
): Promise<Date> {
  const key = `reauth:${staff.id}`;
  const limit = await hit(db, key, REAUTH_LIMIT, now);
  if (limit.hits > REAUTH_LIMIT.max) {
    throw tooMany(limit, 'Too many wrong passwords. Please wait and try again.');
  }
  const [user] = await queryRows<{ password_hash: string; two_factor: boolean }>(
    db,
    sql`select password_hash, totp_enabled_at is not null as two_factor
      from users where id = ${staff.id}`,
  );
  if (!user || !(await verifyPassword(user.password_hash, body.password))) {
    throw badRequest(StaffErrorCode.reauthInvalid, 'That is not your password.', 'password');
  }
  if (user.two_factor) {
    if (!body.code) {
      throw badRequest(
        StaffErrorCode.reauthInvalid,
        'Enter the code from your authenticator app too.',
        'code',
      );
    }
    await confirmCode({ db, config }, staff.id, body.code, now);
  }
  await clear(db, key);
  await db.execute(
    sql`update sessions set reauthenticated_at = ${now} where id = ${staff.sessionId}`,
  );
  return new Date(now.getTime() + FRESH_MS);
}
