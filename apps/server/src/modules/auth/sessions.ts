import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { accessTokens, refreshTokens, sessions } from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { AuthContext } from '../../core/session.js';
import type { SessionTokens } from '../../core/session-cookies.js';
import { assertMaySignIn } from '../../core/account-status.js';
import { recordSignIn } from '../../core/sign-ins.js';

type Ttl = Pick<AppConfig, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>;

async function issueTokens(
  tx: Executor,
  sessionId: string,
  now: Date,
  ttl: Ttl,
): Promise<SessionTokens> {
  const access = randomToken();
  const refresh = randomToken();
  await tx.insert(accessTokens).values({
    tokenHash: hashToken(access),
    sessionId,
    expiresAt: new Date(now.getTime() + ttl.accessTokenTtlSeconds * 1000),
  });
  await tx.insert(refreshTokens).values({
    tokenHash: hashToken(refresh),
    sessionId,
    expiresAt: new Date(now.getTime() + ttl.refreshTokenTtlSeconds * 1000),
  });
  return { access, refresh };
}

/** Where a session was opened from, for the player's list of sessions (/profile/account). */
export interface SessionOrigin {
  userAgent?: string | undefined;
  clientAddress?: string | undefined;
  /** The browser's device cookie (core/session-cookies.ts), for the sign-ins. */
  deviceId?: string | undefined;
}

/**
 * A new session, refused to a suspended or banned account (403 ACCOUNT_SUSPENDED), and its
 * sign-in recorded for the console's multi-account signals (core/sign-ins.ts).
 */
export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  ttl: Ttl & Pick<AppConfig, 'cookieSecret'>,
  origin: SessionOrigin = {},
): Promise<SessionTokens> {
  return db.transaction(async (tx) => {
    await assertMaySignIn(tx, userId, now);
    await recordSignIn(tx, ttl.cookieSecret, userId, origin, now);
    const id = randomUUID();
    await tx.insert(sessions).values({
      id,
      userId,
      createdAt: now,
      lastSeenAt: now,
      // A header is the client's to choose: kept short.
      userAgent: origin.userAgent?.slice(0, 400) ?? null,
      clientAddress: origin.clientAddress ?? null,
    });
    return issueTokens(tx, id, now, ttl);
  });
}

/**
 * The access token's session, for checksession and logout. Signed-in game requests use
 * SessionResolver (access-query.ts), which also reads the player's due work and versions.
 */
export async function resolveAccess(
  db: Executor,
  token: string,
  now: Date,
): Promise<AuthContext | null> {
  const rows = await db
    .select({ userId: sessions.userId, sessionId: sessions.id })
    .from(accessTokens)
    .innerJoin(sessions, eq(sessions.id, accessTokens.sessionId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        gt(accessTokens.expiresAt, now),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A refresh token that could still be exchanged: unused, unexpired, its session alive. */
export async function resolveRefresh(
  db: Executor,
  token: string,
  now: Date,
): Promise<AuthContext | null> {
  const rows = await db
    .select({ userId: sessions.userId, sessionId: sessions.id })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(token)),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, now),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The channel that carries ended session ids to every process's push streams. */
export const SESSIONS_CHANNEL = 'aleph_sessions';

/**
 * Ends a session. In the same statement it notifies SESSIONS_CHANNEL with the session's id,
 * delivered when the transaction commits: every process closes the session's push streams.
 */
export async function revokeSession(
  db: Executor,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`with ended as (
      update sessions set revoked_at = ${now}, revoked_reason = ${reason}
      where id = ${sessionId} and revoked_at is null returning id)
    select pg_notify(${SESSIONS_CHANNEL}, id::text) from ended`);
}

/**
 * Ends every live session of an account (a password reset), notifying each like revokeSession:
 * on every process its push streams close and its tokens answer 401.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: number,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with ended as (
      update sessions set revoked_at = ${now}, revoked_reason = ${reason}
      where user_id = ${userId} and revoked_at is null returning id)
    select id from ended, lateral (select pg_notify(${SESSIONS_CHANNEL}, ended.id::text)) n`,
  );
  return rows.length;
}

/**
 * Ends every live session of an account but `keep` (the caller's: a password changed in the
 * settings, "Sign out everywhere else"), notifying each like revokeSession. Returns how many.
 */
export async function revokeOtherSessions(
  db: Executor,
  userId: number,
  keep: string,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with ended as (
      update sessions set revoked_at = ${now}, revoked_reason = ${reason}
      where user_id = ${userId} and id <> ${keep} and revoked_at is null returning id)
    select id from ended, lateral (select pg_notify(${SESSIONS_CHANNEL}, ended.id::text)) n`,
  );
  return rows.length;
}

/**
 * Ends one session of an account (its owner's "Sign out" in the list of sessions), notifying
 * like revokeSession. False when the account has no such session that is still open: another
 * player's session is not told apart from one that does not exist.
 */
export async function revokeOwnSession(
  db: Executor,
  userId: number,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with ended as (
      update sessions set revoked_at = ${now}, revoked_reason = ${reason}
      where id = ${sessionId} and user_id = ${userId} and revoked_at is null returning id)
    select id from ended, lateral (select pg_notify(${SESSIONS_CHANNEL}, ended.id::text)) n`,
  );
  return rows.length > 0;
}

/** A live session of an account as its list shows it (session-list.ts). */
export interface AccountSessionRow {
  id: string;
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/**
 * The account's live sessions (as liveSessions judges them), the most recently seen first. A
 * session from before sessions recorded when they were last seen counts as seen at sign-in.
 */
export async function accountSessions(
  db: Executor,
  userId: number,
  now: Date,
): Promise<AccountSessionRow[]> {
  const rows = await queryRows<{
    id: string;
    user_agent: string | null;
    client_address: string | null;
    created_at: Date | string;
    last_seen_at: Date | string;
  }>(
    db,
    sql`select s.id, s.user_agent, s.client_address, s.created_at,
        coalesce(s.last_seen_at, s.created_at) as last_seen_at
      from sessions s
      where s.user_id = ${userId} and s.revoked_at is null
        and exists (select 1 from refresh_tokens r
          where r.session_id = s.id and r.used_at is null and r.expires_at > ${now})
      order by coalesce(s.last_seen_at, s.created_at) desc, s.created_at desc, s.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.user_agent,
    clientAddress: r.client_address,
    createdAt: new Date(r.created_at),
    lastSeenAt: new Date(r.last_seen_at),
  }));
}

/**
 * Of `ids`, the sessions that are still alive: not revoked, and holding a refresh token that
 * could still be exchanged (an access token lives 15 minutes; the session lives as long as its
 * refresh token). One query for every open push stream of a process.
 */
export async function liveSessions(
  db: Executor,
  ids: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select s.id from sessions s
      where s.id = any(${`{${ids.join(',')}}`}::uuid[]) and s.revoked_at is null
        and exists (select 1 from refresh_tokens r
          where r.session_id = s.id and r.used_at is null and r.expires_at > ${now})`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Exchanges a refresh token for a new pair. The token is marked used atomically, so of two
 * racing requests exactly one wins. A token presented after it was used means someone else
 * holds a copy: the whole session ends.
 */
export async function rotateRefresh(
  db: Db,
  token: string,
  now: Date,
  ttl: Ttl,
): Promise<SessionTokens> {
  const hash = hashToken(token);
  const outcome = await db.transaction(async (tx) => {
    const claimed = await queryRows<{ session_id: string }>(
      tx,
      sql`
      update refresh_tokens set used_at = ${now}
      where token_hash = ${hash} and used_at is null and expires_at > ${now}
        and session_id in (select id from sessions where revoked_at is null)
      returning session_id`,
    );
    const sessionId = claimed[0]?.session_id;
    if (sessionId) {
      // The list of sessions shows when each was last seen: a refresh, so about once per
      // access token's lifetime (15 minutes) while the player is active.
      await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
      return { tokens: await issueTokens(tx, sessionId, now, ttl) };
    }
    const [known] = await tx
      .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash));
    if (known?.usedAt) {
      await revokeSession(tx, known.sessionId, 'refresh_token_reuse', now);
      return { reused: true as const };
    }
    return { invalid: true as const };
  });
  if ('tokens' in outcome && outcome.tokens) return outcome.tokens;
  if ('reused' in outcome) {
    throw unauthorized(
      'This session was ended for your security. Please log in again.',
      ErrorCode.refreshReused,
    );
  }
  throw unauthorized('Your session has expired. Please log in again.', ErrorCode.refreshInvalid);
}

/**
 * Housekeeping: expired tokens, nonces, login challenges, e-mail links and finished rate-limit
 * windows are deleted.
 */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from access_tokens where expires_at < ${now}`);
  await db.execute(sql`delete from refresh_tokens where expires_at < ${now}`);
  await db.execute(sql`delete from auth_nonces where expires_at < ${now}`);
  // Two-factor login challenges live 5 minutes; e-mail links a week at most.
  await db.execute(sql`delete from login_challenges where expires_at < ${now}`);
  await db.execute(sql`delete from email_tokens where expires_at < ${now}`);
  await db.execute(
    sql`delete from rate_limits where window_start < ${new Date(now.getTime() - 86_400_000)}`,
  );
}
