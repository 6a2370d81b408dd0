import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account-schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every staff action, from the console or the operator CLI (docs/operations.md, "Moderation"):
 * written in the transaction of the action itself, and append-only (a trigger of migration
 * 0028 refuses UPDATE, DELETE and TRUNCATE). No foreign keys: a row outlives the accounts it
 * names, and nothing may rewrite it.
 */
export const staffLog = pgTable(
  'staff_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    /** The staff member; null for the operator CLI. */
    actorId: integer('actor_id'),
    /** The staff member's login at the time, or 'cli'. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    reason: text('reason').notNull(),
    /** What the action changed: `before` and `after` where it applies, and its parameters. */
    details: jsonb('details').notNull(),
  },
  (t) => [
    index('staff_log_target_idx').on(t.targetUserId, t.id),
    index('staff_log_action_idx').on(t.action, t.id),
    index('staff_log_actor_idx').on(t.actorId, t.id),
  ],
);

/**
 * One row per sign-in, for the multi-account signals: a keyed hash of the client address
 * (kept), the raw address (nulled by housekeeping after 30 days) and the device cookie.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    /** HMAC-SHA256 of the client address, keyed by a secret derived from COOKIE_SECRET. */
    addressHash: text('address_hash').notNull(),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /** The `aleph_device` cookie: random, set at the browser's first sign-in. */
    deviceId: text('device_id'),
  },
  (t) => [
    index('sign_ins_user_idx').on(t.userId, t.at),
    index('sign_ins_address_idx').on(t.addressHash, t.at),
    index('sign_ins_device_idx').on(t.deviceId, t.at),
    index('sign_ins_raw_address_idx')
      .on(t.at)
      .where(sql`client_address is not null`),
  ],
);

/** A player's report of another (docs/api.md, "Reports"); staff resolve or dismiss it. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text'),
    /** The inbox message reported, when the report came from one. */
    messageId: integer('message_id'),
    /** The alliance chat line reported, when the report came from one. */
    chatLineId: integer('chat_line_id'),
    /** The reported message's or line's text as it was when reported (staff read it). */
    quote: text('quote'),
    status: text('status').notNull().default('open'),
    createdAt: at('created_at').notNull(),
    handledAt: at('handled_at'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff-log row of the action taken, when staff named one on resolving. */
    staffLogId: integer('staff_log_id'),
  },
  (t) => [
    check(
      'reports_reason_check',
      sql`${t.reason} in ('cheating', 'abusive_name', 'harassment', 'spam', 'other')`,
    ),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    check('reports_text_length', sql`char_length(${t.text}) <= 1000`),
    // One open report per reporter and target: a second one waits for the first to be handled.
    uniqueIndex('reports_open_key')
      .on(t.reporterId, t.targetId)
      .where(sql`status = 'open'`),
    index('reports_queue_idx').on(t.status, t.targetId, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('reports_target_idx').on(t.targetId, t.createdAt),
  ],
);
