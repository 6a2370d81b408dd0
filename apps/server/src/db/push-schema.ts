import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
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
