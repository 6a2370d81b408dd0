import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { recordStaffAction } from '../../core/staff-log.js';
import { notFound } from '../../lib/errors.js';
import { deviceOf } from '../../modules/auth/user-agent.js';
import type { Staff } from './accounts.js';
import { lockTarget } from './target.js';

/**
 * `POST /diwan/players/{id}/push/{deviceId}/remove` (docs/api.md, "Operators"): staff remove a
 * device that gets the player's pushes, e.g. a lost phone. Its waiting deliveries go with it
 * (foreign key cascade); the staff-log row is written in the same transaction. 404 when the
 * device is not the player's, so an id of another player's device reveals nothing.
 */
export function staffRemovePushDevice(
  db: Db,
  targetId: number,
  deviceId: number,
  staff: Staff,
  now: Date,
): Promise<number> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      await lockTarget(tx, targetId, staff.actor);
      const [removed] = await queryRows<{ id: number; user_agent: string | null }>(
        tx,
        sql`delete from push_subscriptions where id = ${deviceId} and profile_id = ${targetId}
          returning id, user_agent`,
      );
      if (!removed) throw notFound('This player has no such device.');
      return recordStaffAction(tx, {
        actor: staff.actor,
        action: 'push.remove',
        targetUserId: targetId,
        reason: staff.reason,
        details: { deviceId: Number(removed.id), device: deviceOf(removed.user_agent) },
        at: now,
      });
    }),
  );
}
