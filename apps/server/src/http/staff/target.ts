import { sql } from 'drizzle-orm';
import { StaffErrorCode, type StaffRole } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Standing } from '../../core/account-status.js';
import type { StaffActor } from '../../core/staff-log.js';

/** The account a staff action is about, its row locked for the action's transaction. */
export interface Target extends Standing {
  id: number;
  login: string;
  role: StaffRole;
  twoFactor: boolean;
}

export const playerNotFound = () => notFound('There is no such player.');

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * Locks the target's account row (FOR UPDATE: a sign-in holding it in share mode waits, see
 * core/account-status.ts) and reads its role and standing; 404 when there is no such account.
 * Staff never act on their own account, and only an admin acts on a staff account.
 */
export async function lockTarget(
  tx: Executor,
  targetId: number,
  actor: StaffActor & { role?: StaffRole },
): Promise<Target> {
  const [row] = await queryRows<{
    login: string;
    role: StaffRole;
    suspended_until: Date | string | null;
    banned_at: Date | string | null;
    muted_until: Date | string | null;
    two_factor: boolean;
  }>(
    tx,
    sql`select login, role, suspended_until, banned_at, muted_until,
        totp_enabled_at is not null as two_factor
      from users where id = ${targetId} for update`,
  );
  if (!row) throw playerNotFound();
  if (actor.id === targetId) {
    throw forbidden(StaffErrorCode.notOnYourself, 'Staff actions never apply to your own account.');
  }
  if (actor.role === 'moderator' && row.role !== 'player') {
    throw forbidden(StaffErrorCode.adminOnly, 'Only an admin may act on a staff account.');
  }
  return {
    id: targetId,
    login: row.login,
    role: row.role,
    suspendedUntil: asDate(row.suspended_until),
    bannedAt: asDate(row.banned_at),
    mutedUntil: asDate(row.muted_until),
    twoFactor: row.two_factor,
  };
}

/**
 * A time sent by the console (`until`): a real date in the future, at most ten years ahead.
 * Anything else is a 400 naming the field.
 */
export function futureTime(text: string, now: Date, field = 'until'): Date {
  const at = new Date(text);
  const ms = at.getTime();
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(ms)) {
    throw badRequest('VALIDATION_ERROR', `${field} must be a date and time (ISO 8601).`, field);
  }
  if (ms <= now.getTime())
    throw badRequest('VALIDATION_ERROR', `${field} must be in the future.`, field);
  if (ms > now.getTime() + 10 * 365 * 86_400_000) {
    throw badRequest('VALIDATION_ERROR', `${field} must be within ten years.`, field);
  }
  return at;
}
