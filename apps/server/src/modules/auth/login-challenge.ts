import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  LOGIN_CHALLENGE_ATTEMPTS,
  LOGIN_CHALLENGE_MINUTES,
  TwoFactorErrorCode,
} from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loginChallenges, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { API_PREFIXES } from '../../lib/prefixes.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { readCookie } from '../../core/session-cookies.js';
import { codeInvalid, countCodeAttempt, parseCode, spendCode } from './two-factor.js';

/**
 * The second step of a login with two-factor (docs/api.md, "Two-factor"). The right password
 * of such an account opens no session: it opens a challenge, a random token in a cookie of its
 * own (stored hashed, valid LOGIN_CHALLENGE_MINUTES), which `POST /abwab/login/2fa` presents
 * with a code. A right code ends the challenge and opens the session; LOGIN_CHALLENGE_ATTEMPTS
 * wrong ones end it too, and every wrong one counts against the account's limit, so logging in
 * again for fresh challenges does not give more guesses.
 */

/**
 * Sent only to the auth routes. `__Host-` cookies must have Path=/, so in production the name
 * takes the `__Secure-` prefix, which asks for Secure alone.
 */
export function challengeCookieName(config: Pick<AppConfig, 'production'>) {
  return `${config.production ? '__Secure-' : ''}aleph_2fa`;
}

/** The session cookies' flags (core/session-cookies.ts), limited to the auth prefix. */
function options(config: AppConfig) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.production,
    path: API_PREFIXES.auth,
  };
}

export function setChallengeCookie(reply: FastifyReply, config: AppConfig, token: string) {
  reply.setCookie(challengeCookieName(config), token, {
    ...options(config),
    signed: true,
    maxAge: LOGIN_CHALLENGE_MINUTES * 60,
  });
}

export function clearChallengeCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(challengeCookieName(config), options(config));
}

export function readChallengeCookie(request: FastifyRequest, config: AppConfig) {
  return readCookie(request, challengeCookieName(config));
}

export const challengeInvalid = () =>
  new AppError(
    401,
    TwoFactorErrorCode.challengeInvalid,
    'Your sign-in took too long or had too many wrong codes. Please log in again.',
  );

/** A challenge for an account whose password was just accepted; answers the cookie's token. */
export async function openChallenge(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    // The account's finished challenges are of no more use: the table holds the open ones.
    await tx
      .delete(loginChallenges)
      .where(
        and(
          eq(loginChallenges.userId, userId),
          or(isNotNull(loginChallenges.usedAt), lte(loginChallenges.expiresAt, now)),
        ),
      );
    await tx.insert(loginChallenges).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_MINUTES * 60_000),
    });
  });
  return token;
}

/** The challenge of `tokenHash` while it is open: not used, not expired, attempts left. */
const open = (tokenHash: string, now: Date) =>
  and(
    eq(loginChallenges.tokenHash, tokenHash),
    isNull(loginChallenges.usedAt),
    gt(loginChallenges.expiresAt, now),
    lt(loginChallenges.attempts, LOGIN_CHALLENGE_ATTEMPTS),
  );

/**
 * Spends `text` as a code of the challenge's account and ends the challenge; answers the account
 * to open a session for. The code and the challenge are spent in one transaction, so of two
 * requests with one code (on one challenge or on two) one succeeds.
 */
export async function completeChallenge(
  deps: { db: Db; config: AppConfig },
  token: string | undefined,
  text: string,
  now: Date,
): Promise<number> {
  const { db, config } = deps;
  if (!token) throw challengeInvalid();
  const tokenHash = hashToken(token);
  const [challenge] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(open(tokenHash, now));
  if (!challenge) throw challengeInvalid();
  const { userId } = challenge;
  const code = parseCode(text);
  const attempt = await countCodeAttempt(db, config, userId, now);
  const ok = await db.transaction(async (tx) => {
    // The account's row first, as every spender of its codes locks it (two-factor.ts).
    const [account] = await tx
      .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    // Two-factor turned off since: its challenges were deleted with it; this one is void.
    if (!account?.enabledAt || !account.secret) throw challengeInvalid();
    if (!(await spendCode(tx, userId, account.secret, code, now))) {
      await tx
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(eq(loginChallenges.tokenHash, tokenHash));
      return false;
    }
    const ended = await tx
      .update(loginChallenges)
      .set({ usedAt: now })
      .where(open(tokenHash, now))
      .returning({ userId: loginChallenges.userId });
    // Spent meanwhile by a parallel request, or out of attempts: the code stays unspent.
    if (ended.length === 0) throw challengeInvalid();
    return true;
  });
  if (!ok) throw codeInvalid();
  await attempt.succeeded();
  return userId;
}
