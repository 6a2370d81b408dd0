import { sql } from 'drizzle-orm';
import { StaffErrorCode, type PlayerStatus } from '@aleph/contracts';
import { queryRows, type Executor } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { hashToken } from '../lib/tokens.js';

/**
 * An account's standing as staff set it (docs/operations.md, "Moderation"): a suspension with an
 * end, a ban without one, a mute. A suspension or mute whose end has passed is simply over:
 * nothing needs to clear it.
 */
export interface Standing {
  suspendedUntil: Date | null;
  bannedAt: Date | null;
  mutedUntil: Date | null;
}

const later = (at: Date | null, now: Date) => (at && at.getTime() > now.getTime() ? at : null);

/** The standing as the console shows it: banned, else suspended, else muted, else active. */
export function statusOf(s: Standing, now: Date): PlayerStatus {
  const suspended = later(s.suspendedUntil, now);
  const muted = later(s.mutedUntil, now);
  const mutedUntil = muted?.toISOString() ?? null;
  if (s.bannedAt) return { state: 'banned', until: null, mutedUntil };
  if (suspended) return { state: 'suspended', until: suspended.toISOString(), mutedUntil };
  if (muted) return { state: 'muted', until: null, mutedUntil };
  return { state: 'active', until: null, mutedUntil: null };
}

/** A time as players read it in a refusal: "2026-01-06 08:00 UTC". */
export const readableTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** 403 ACCOUNT_SUSPENDED; `until` null for a ban. */
export function accountSuspended(until: Date | null): AppError {
  return new AppError(
    403,
    StaffErrorCode.accountSuspended,
    until ? `Your account is suspended until ${readableTime(until)}.` : 'Your account is banned.',
    undefined,
    undefined,
    { until: until?.toISOString() ?? null },
  );
}

/** 403 ACCOUNT_MUTED with the mute's end. */
export function accountMuted(until: Date): AppError {
  return new AppError(
    403,
    StaffErrorCode.accountMuted,
    `You cannot send messages until ${readableTime(until)}.`,
    undefined,
    undefined,
    { until: until.toISOString() },
  );
}

/** Why this account may not sign in now, or null when it may. */
export function signInRefusal(s: Standing, now: Date): AppError | null {
  if (s.bannedAt) return accountSuspended(null);
  const suspended = later(s.suspendedUntil, now);
  return suspended ? accountSuspended(suspended) : null;
}

interface StandingRow {
  suspended_until: Date | string | null;
  banned_at: Date | string | null;
  muted_until: Date | string | null;
}

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));
const standingOf = (row: StandingRow): Standing => ({
  suspendedUntil: asDate(row.suspended_until),
  bannedAt: asDate(row.banned_at),
  mutedUntil: asDate(row.muted_until),
});

/**
 * Refuses a sign-in of a suspended or banned account, with 403 ACCOUNT_SUSPENDED. Called in the
 * transaction that creates the session, holding the account's row in share mode: a suspension
 * (which takes it for update, then ends every session) either commits first and is seen here,
 * or waits for this session to exist and ends it too.
 */
export async function assertMaySignIn(tx: Executor, userId: number, now: Date): Promise<void> {
  const [row] = await queryRows<StandingRow>(
    tx,
    sql`select suspended_until, banned_at, muted_until from users where id = ${userId} for share`,
  );
  const refusal = row ? signInRefusal(standingOf(row), now) : null;
  if (refusal) throw refusal;
}

/**
 * The refusal for a refresh token whose account is suspended or banned now (its session was
 * ended by the suspension), so the page learns why rather than a bare 401; null otherwise.
 */
export async function refreshRefusal(
  db: Executor,
  refreshToken: string,
  now: Date,
): Promise<AppError | null> {
  const [row] = await queryRows<StandingRow>(
    db,
    sql`select u.suspended_until, u.banned_at, u.muted_until
      from refresh_tokens r join sessions s on s.id = r.session_id join users u on u.id = s.user_id
      where r.token_hash = ${hashToken(refreshToken)}`,
  );
  return row ? signInRefusal(standingOf(row), now) : null;
}

/**
 * Refuses a muted player's message or chat line with 403 ACCOUNT_MUTED (its `until` says till
 * when); everything else a muted player does is allowed. For the writers of player messages.
 */
export async function assertNotMuted(db: Executor, userId: number, now: Date): Promise<void> {
  const [row] = await queryRows<{ muted_until: Date | string | null }>(
    db,
    sql`select muted_until from users where id = ${userId}`,
  );
  const until = later(asDate(row?.muted_until ?? null), now);
  if (until) throw accountMuted(until);
}

/** The player's own mute's end (for the profile page), or null. */
export async function mutedUntilOf(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const [row] = await queryRows<{ muted_until: Date | string | null }>(
    db,
    sql`select muted_until from users where id = ${userId}`,
  );
  return later(asDate(row?.muted_until ?? null), now);
}
