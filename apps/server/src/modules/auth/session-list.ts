import type { AccountSession } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../core/session.js';
import { placeOf } from './session-place.js';
import { accountSessions, revokeOtherSessions, revokeOwnSession } from './sessions.js';
import { deviceOf } from './user-agent.js';

/**
 * The account's signed-in devices (docs/api.md, "Account settings"): each live session with a
 * readable device, the network it signed in from, when it signed in and was last seen, and
 * which one is asking. The player can end any of them, or all but the one asking.
 */

export async function listSessions(
  db: Db,
  auth: AuthContext,
  now: Date,
): Promise<AccountSession[]> {
  const rows = await accountSessions(db, auth.userId, now);
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    place: placeOf(row.clientAddress),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === auth.sessionId,
  }));
}

/** Ends one of the account's sessions, the caller's own included; 404 for any other id. */
export async function endSession(
  db: Db,
  auth: AuthContext,
  sessionId: string,
  now: Date,
): Promise<void> {
  const ended = await revokeOwnSession(
    db,
    auth.userId,
    sessionId.toLowerCase(),
    'signed_out_by_owner',
    now,
  );
  if (!ended) throw notFound('This session does not exist or has already ended.');
}

/** "Sign out everywhere else": every session of the account but the caller's. */
export function endOtherSessions(db: Db, auth: AuthContext, now: Date): Promise<number> {
  return revokeOtherSessions(db, auth.userId, auth.sessionId, 'signed_out_elsewhere', now);
}
