import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A browser that accepts web pushes for a player (docs/api.md, "Web push"). The endpoint is
 * the push service's address for that browser, so it is unique: a browser signed in to
 * another account moves its row to that player. `p256dh` and `auth` are the browser's keys a
 * push is encrypted for (RFC 8291), base64url as the browser gave them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The User-Agent header it subscribed with (first 400 characters), for the device label. */
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
    /** When the push service says it drops the subscription; null: it did not say. */
    expiresAt: ts('expires_at'),
    /** The last push the service accepted; the sender (next slice) sets it. */
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_profile_idx').on(t.profileId, t.id),
  ],
);

/**
 * What a player wants pushed. No row: the defaults (every kind, no quiet hours, UTC). Quiet
 * hours are minutes after midnight in `time_zone`, both set or both null, and may pass midnight.
 */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kinds: text('kinds').array().notNull(),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: ts('updated_at').notNull(),
  },
  () => [
    check(
      'push_preferences_quiet',
      sql`(quiet_start is null and quiet_end is null) or (quiet_start between 0 and 1439
        and quiet_end between 0 and 1439 and quiet_start <> quiet_end)`,
    ),
  ],
);

/**
 * Pushes waiting to be sent (docs/architecture.md, "Web push"), written in the transaction of
 * their event by the events writer (core/events.ts), only for players with a device. The
 * worker (jobs/push-worker.ts) folds a player's rows of a kind into one push, holds them in
 * quiet hours (`state` 'held', `not_before` the end), and marks them `sent` or `dropped`
 * (`done_at`); done rows are kept PUSH_CONFIG.keepMs: the last `sent` of a kind starts its fold
 * window, and `dedupe` keeps a level-up from being announced twice.
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    /** One row per player and key: 'level:4' for the level-up after level 4. */
    dedupe: text('dedupe'),
    /** queued, held (quiet hours), sent or dropped. */
    state: text('state').notNull().default('queued'),
    createdAt: ts('created_at').notNull(),
    /** Not looked at before this: the end of a fold window or of quiet hours. */
    notBefore: ts('not_before').notNull(),
    doneAt: ts('done_at'),
  },
  (t) => [
    index('push_queue_due_idx')
      .on(t.notBefore)
      .where(sql`done_at is null`),
    index('push_queue_profile_idx').on(t.profileId, t.kind, t.doneAt),
    index('push_queue_done_idx').on(t.doneAt),
    uniqueIndex('push_queue_dedupe_idx')
      .on(t.profileId, t.dedupe)
      .where(sql`dedupe is not null`),
  ],
);

/**
 * One push for one device, sent by whichever worker leases it first (`locked_until`), retried
 * at `next_at` after a 429, a 5xx or a network error, and deleted once the push service took
 * it, said the device is gone (the subscription goes too) or after PUSH_CONFIG.maxAttempts.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The PushPayload as JSON text, encrypted only when sent. */
    payload: text('payload').notNull(),
    createdAt: ts('created_at').notNull(),
    nextAt: ts('next_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
  },
  (t) => [
    index('push_deliveries_next_idx').on(t.nextAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);

/**
 * The players with an open event stream, per server process: a process adds a player when
 * their first stream opens there, removes them when the last one closes, and refreshes its
 * rows every SOCIAL_CONFIG.presenceWriteMs (modules/events/presence.ts). The push worker sends
 * nothing to a player with a fresh row: they see the game's own toasts.
 */
export const openStreams = pgTable(
  'open_streams',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    processId: text('process_id').notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.processId] })],
);
