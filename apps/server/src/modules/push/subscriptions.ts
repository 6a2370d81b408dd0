import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { PUSH_LIMITS, PushErrorCode, type PushDevice } from '@aleph/contracts';
import type { Db, Tx } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { withRetry } from '../../db/retry.js';
import { pushSubscriptions } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { deviceOf } from '../auth/user-agent.js';
import type { CheckedSubscription } from './subscription-check.js';

type Row = typeof pushSubscriptions.$inferSelect;

const deviceView = (row: Row): PushDevice => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  userAgent: deviceOf(row.userAgent),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

export async function listDevices(db: Db, profileId: number): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.profileId, profileId))
    .orderBy(asc(pushSubscriptions.id));
  return rows.map(deviceView);
}

async function assertRoom(tx: Tx, profileId: number, endpoint: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.profileId, profileId), ne(pushSubscriptions.endpoint, endpoint)),
    );
  if (Number(row?.n ?? 0) >= PUSH_LIMITS.devices)
    throw conflict(
      PushErrorCode.devicesFull,
      `You can get notifications on at most ${PUSH_LIMITS.devices} devices. Turn one off first.`,
    );
}

export interface Subscribed {
  device: PushDevice;
  /** False when this player had already subscribed this browser: nothing new was made. */
  created: boolean;
}

/**
 * Subscribes a browser for the player (docs/api.md, "Web push"). The player's profile is locked
 * first, so two subscriptions at once cannot both pass the device limit; a browser subscribed
 * by another account moves here, as a browser is signed in to one account at a time.
 */
async function subscribeOnce(
  db: Db,
  profileId: number,
  sub: CheckedSubscription,
  userAgent: string | undefined,
  now: Date,
): Promise<Subscribed> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from profiles where id = ${profileId} for no key update`);
    const [existing] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint))
      .for('update');
    const keys = { p256dh: sub.p256dh, auth: sub.auth, expiresAt: sub.expiresAt };
    if (existing && existing.profileId === profileId) {
      // The same browser again: its keys may have been renewed; the device stays the same.
      const [row] = await tx
        .update(pushSubscriptions)
        .set(keys)
        .where(eq(pushSubscriptions.id, existing.id))
        .returning();
      return { device: deviceView(row!), created: false };
    }
    await assertRoom(tx, profileId, sub.endpoint);
    const fresh = {
      ...keys,
      profileId,
      userAgent: userAgent?.slice(0, 400) ?? null,
      createdAt: now,
      lastSuccessAt: null,
    };
    const [row] = existing
      ? await tx
          .update(pushSubscriptions)
          .set(fresh)
          .where(eq(pushSubscriptions.id, existing.id))
          .returning()
      : await tx
          .insert(pushSubscriptions)
          .values({ ...fresh, endpoint: sub.endpoint })
          .returning();
    return { device: deviceView(row!), created: true };
  });
}

export async function subscribe(
  db: Db,
  profileId: number,
  sub: CheckedSubscription,
  userAgent: string | undefined,
  now: Date,
): Promise<Subscribed> {
  return withRetry(async () => {
    try {
      return await subscribeOnce(db, profileId, sub, userAgent, now);
    } catch (err) {
      // Another account inserted the same endpoint first: run again, and move it here.
      if (uniqueViolationOf(err) !== 'push_subscriptions_endpoint_idx') throw err;
      return subscribeOnce(db, profileId, sub, userAgent, now);
    }
  });
}

/** Turns one of the player's devices off; another player's or an unknown id is 404. */
export async function unsubscribe(db: Db, profileId: number, id: number): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.profileId, profileId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound('No such device among yours.');
}
