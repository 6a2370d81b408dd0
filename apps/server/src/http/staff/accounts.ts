import { sql } from 'drizzle-orm';
import {
  StaffErrorCode,
  type MuteBody,
  type RenameBody,
  type StaffMessageBody,
  type StaffRole,
  type SuspendBody,
} from '@aleph/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { readableTime, statusOf, type Standing } from '../../core/account-status.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { writeMessages } from '../../core/inbox.js';
import { recordStaffAction, type StaffRecord } from '../../core/staff-log.js';
import { revokeUserSessions } from '../../modules/auth/sessions.js';
import { plainTextToHtml } from '../../modules/messages/announce.js';
import { futureTime, lockTarget, playerNotFound, type Target } from './target.js';
import { clearTwoFactorForStaff } from '../../modules/auth/two-factor.js';

/**
 * The console's actions on one account (docs/operations.md, "Moderation"). Each runs in one
 * transaction that locks the account, changes it, tells the player where the action says so
 * (an inbox message with the notice staff wrote, never the internal reason) and writes its
 * staff-log row; each answers that row's id.
 */

/** Who acts, and (from the console) with which role: a moderator may not act on staff. */
export type Staff = StaffRecord & { actor: StaffRecord['actor'] & { role?: StaffRole } };

/** The sender players see on staff's inbox messages. */
export const STAFF_SENDER = 'Lands of Aleph staff';

const isoOrNull = (at: Date | null) => at?.toISOString() ?? null;
const standingJson = (s: Standing) => ({
  suspendedUntil: isoOrNull(s.suspendedUntil),
  bannedAt: isoOrNull(s.bannedAt),
  mutedUntil: isoOrNull(s.mutedUntil),
});

async function tell(tx: Tx, profileId: number, subject: string, text: string, at: Date) {
  await writeMessages(tx, [
    {
      profileId,
      subject,
      body: plainTextToHtml(text),
      kind: 'system',
      senderName: STAFF_SENDER,
      at,
    },
  ]);
}

/** One transaction: the target locked, `act` done, its staff-log row written. */
function onTarget(
  db: Db,
  targetId: number,
  staff: Staff,
  now: Date,
  act: (tx: Tx, target: Target) => Promise<{ action: string; details: Record<string, unknown> }>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId, staff.actor);
    const { action, details } = await act(tx, target);
    return recordStaffAction(tx, {
      actor: staff.actor,
      action,
      targetUserId: targetId,
      reason: staff.reason,
      details,
      at: now,
    });
  });
}

async function setStanding(tx: Tx, id: number, s: Standing, reason: string | null) {
  await tx.execute(sql`update users set suspended_until = ${s.suspendedUntil},
      banned_at = ${s.bannedAt}, muted_until = ${s.mutedUntil}, status_reason = ${reason}
    where id = ${id}`);
  // The profile summary shows a mute: its cached copies go stale (migration 0006).
  await tx.execute(sql`select aleph_bump_versions(array[${id}]::int[])`);
}

/**
 * Suspends until `until`, or without it bans. Every session of the account ends at once on
 * every process (their push streams close), and sign-ins are refused until it is lifted or over.
 */
export function suspend(db: Db, targetId: number, body: SuspendBody, staff: Staff, now: Date) {
  const until = body.until === undefined ? null : futureTime(body.until, now);
  return onTarget(db, targetId, staff, now, async (tx, target) => {
    const after: Standing = {
      suspendedUntil: until,
      bannedAt: until ? null : now,
      mutedUntil: target.mutedUntil,
    };
    await setStanding(tx, targetId, after, staff.reason);
    const ended = await revokeUserSessions(tx, targetId, until ? 'suspended' : 'banned', now);
    await tell(
      tx,
      targetId,
      until ? `Your account is suspended until ${readableTime(until)}` : 'Your account is banned',
      body.notice,
      now,
    );
    return {
      action: until ? 'suspend' : 'ban',
      details: {
        before: standingJson(target),
        after: standingJson(after),
        notice: body.notice,
        sessionsEnded: ended,
      },
    };
  });
}

/** Ends a suspension or a ban; 409 NOTHING_TO_LIFT when there is neither. */
export function lift(db: Db, targetId: number, staff: Staff, now: Date) {
  return onTarget(db, targetId, staff, now, async (tx, target) => {
    const state = statusOf(target, now).state;
    if (state !== 'suspended' && state !== 'banned') {
      throw conflict(StaffErrorCode.nothingToLift, 'This account is neither suspended nor banned.');
    }
    const after: Standing = { ...target, suspendedUntil: null, bannedAt: null };
    await setStanding(tx, targetId, after, null);
    return {
      action: 'lift',
      details: { before: standingJson(target), after: standingJson(after) },
    };
  });
}

/** Mutes until `until`: the player's messages and chat lines are refused (assertNotMuted). */
export function mute(db: Db, targetId: number, body: MuteBody, staff: Staff, now: Date) {
  const until = futureTime(body.until, now);
  return onTarget(db, targetId, staff, now, async (tx, target) => {
    const after: Standing = { ...target, mutedUntil: until };
    await setStanding(tx, targetId, after, staff.reason);
    await tell(tx, targetId, `You are muted until ${readableTime(until)}`, body.notice, now);
    return {
      action: 'mute',
      details: { before: standingJson(target), after: standingJson(after), notice: body.notice },
    };
  });
}

/** Ends a mute early; 409 NOTHING_TO_LIFT when the account is not muted. */
export function unmute(db: Db, targetId: number, staff: Staff, now: Date) {
  return onTarget(db, targetId, staff, now, async (tx, target) => {
    if (statusOf(target, now).mutedUntil === null) {
      throw conflict(StaffErrorCode.nothingToLift, 'This account is not muted.');
    }
    const after: Standing = { ...target, mutedUntil: null };
    await setStanding(tx, targetId, after, null);
    return {
      action: 'unmute',
      details: { before: standingJson(target), after: standingJson(after) },
    };
  });
}

/**
 * Gives the player another nickname (an offensive one); 409 NICKNAME_TAKEN when another player
 * has it as nickname or login, without regard to case. Renames to one nickname are serialised
 * by a lock on the name, so two at once cannot both take it.
 */
export function rename(db: Db, targetId: number, body: RenameBody, staff: Staff, now: Date) {
  return onTarget(db, targetId, staff, now, async (tx, target) => {
    const wanted = body.nickname;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`nickname:${wanted.toLowerCase()}`}))`,
    );
    const taken = await queryRows<{ id: number }>(
      tx,
      sql`select id from profiles where lower(nickname) = ${wanted.toLowerCase()} and id <> ${targetId}
        union all
        select id from users where login_lower = ${wanted.toLowerCase()} and id <> ${targetId}
        limit 1`,
    );
    if (taken.length > 0) {
      throw conflict(StaffErrorCode.nicknameTaken, 'Another player has this name.', 'nickname');
    }
    const [old] = await queryRows<{ nickname: string }>(
      tx,
      sql`select nickname from profiles where id = ${targetId} for no key update`,
    );
    const [row] = await queryRows<{ gold: number; platinum: number; xp: number; level: number }>(
      tx,
      sql`update profiles set nickname = ${wanted} where id = ${targetId}
        returning gold::float8 as gold, platinum::float8 as platinum, xp::float8 as xp, level`,
    );
    if (!old || !row) throw playerNotFound();
    const events = new PlayerEvents();
    events.profileChanged(targetId, {
      gold: Number(row.gold),
      platinum: Number(row.platinum),
      xp: Number(row.xp),
      level: row.level,
    });
    await writeEvents(tx, events, now);
    await tell(tx, targetId, `Your name is now ${wanted}`, body.notice, now);
    return {
      action: 'rename',
      details: {
        before: { nickname: old.nickname },
        after: { nickname: wanted },
        login: target.login,
        notice: body.notice,
      },
    };
  });
}

/** Ends every session of the account on every process; it may sign in again at once. */
export function endSessions(db: Db, targetId: number, staff: Staff, now: Date) {
  return onTarget(db, targetId, staff, now, async (tx) => {
    const ended = await revokeUserSessions(tx, targetId, 'staff_end_sessions', now);
    return { action: 'end_sessions', details: { sessionsEnded: ended } };
  });
}

/** A message from staff to the player's inbox. */
export function message(db: Db, targetId: number, body: StaffMessageBody, staff: Staff, now: Date) {
  return onTarget(db, targetId, staff, now, async (tx) => {
    await tell(tx, targetId, body.subject, body.body, now);
    return { action: 'message', details: { subject: body.subject, body: body.body } };
  });
}

/**
 * Turns two-factor off for a player who lost their device (their identity checked by staff);
 * 409 TWO_FACTOR_OFF when the account has none. Its recovery codes and pending sign-ins go too,
 * and the player's inbox keeps a note (clearTwoFactorForStaff, as the CLI's reset does).
 */
export function resetTwoFactor(db: Db, targetId: number, staff: Staff, now: Date) {
  return onTarget(db, targetId, staff, now, async (tx, target) => {
    if (!target.twoFactor) {
      throw conflict(StaffErrorCode.twoFactorOff, 'This account has no two-factor to reset.');
    }
    await clearTwoFactorForStaff(tx, targetId, now);
    return {
      action: 'two_factor_reset',
      details: { before: { twoFactor: true }, after: { twoFactor: false } },
    };
  });
}

/** Gives the account another role; the CLI's `role set` and the console's PUT share it. */
export function setRole(db: Db, targetId: number, role: StaffRole, staff: Staff, now: Date) {
  return onTarget(db, targetId, staff, now, async (tx, target) => {
    await tx.execute(sql`update users set role = ${role} where id = ${targetId}`);
    return { action: 'role.set', details: { before: { role: target.role }, after: { role } } };
  });
}
