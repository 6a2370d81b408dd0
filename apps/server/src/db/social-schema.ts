import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';
import { messages } from './game-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const profileRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });

/**
 * The sender's copy of every player message (docs/api.md, "Player messages"): the 'Sent' view,
 * the sending limits and "who wrote to me" read it. `message_id` is the recipient's inbox copy,
 * null when the message was withheld (the recipient blocks the sender: the sender is not told).
 */
export const sentMessages = pgTable(
  'sent_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: profileRef('sender_id'),
    recipientId: profileRef('recipient_id'),
    subject: text('subject').notNull(),
    /** Plain text with line breaks, as written. */
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('sent_messages_sender_idx').on(t.senderId, t.createdAt),
    // The Sent view pages by id.
    index('sent_messages_sender_id_idx').on(t.senderId, t.id),
    index('sent_messages_pair_idx').on(t.senderId, t.recipientId, t.createdAt),
    index('sent_messages_recipient_idx').on(t.recipientId, t.senderId),
  ],
);

/** Who blocks whom: a blocked player's messages and invitations are not delivered. */
export const blocks = pgTable(
  'blocks',
  {
    profileId: profileRef('profile_id'),
    blockedId: profileRef('blocked_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.profileId} <> ${t.blockedId}`),
  ],
);

/**
 * Friendships: a request from `requester_id` to `addressee_id`, accepted when `accepted_at` is
 * set. One row per pair whatever its direction (the unique index on the ordered pair), so two
 * crossing requests cannot both be stored.
 */
export const friendships = pgTable(
  'friendships',
  {
    requesterId: profileRef('requester_id'),
    addresseeId: profileRef('addressee_id'),
    createdAt: ts('created_at').notNull(),
    acceptedAt: ts('accepted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    uniqueIndex('friendships_pair_key').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('friendships_addressee_idx').on(t.addresseeId),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
  ],
);

/**
 * When each player was last connected to the push stream: each process writes its connected
 * players about once a minute (friends' "online", web push's "is a tab open"). Its own table, so
 * the writes never take a profile's row lock.
 */
export const presence = pgTable('presence', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  seenAt: ts('seen_at').notNull(),
});

/**
 * Alliances (docs/game-rules.md, Alliances). Names and tags are unique without regard to case
 * among alliances that exist; a dissolved alliance keeps its row (its board history) and frees
 * its name and tag.
 */
export const alliances = pgTable(
  'alliances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    tag: text('tag').notNull(),
    description: text('description').notNull().default(''),
    /** Open: anyone may join; else by application. */
    open: boolean('open').notNull(),
    /** Kept equal to the rows of `alliance_members` (the cap is checked under this row's lock). */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    dissolvedAt: ts('dissolved_at'),
  },
  (t) => [
    uniqueIndex('alliances_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`dissolved_at is null`),
    uniqueIndex('alliances_tag_key')
      .on(sql`upper(${t.tag})`)
      .where(sql`dissolved_at is null`),
    index('alliances_open_idx')
      .on(t.open, t.id)
      .where(sql`dissolved_at is null`),
    check('alliances_members_not_negative', sql`${t.memberCount} >= 0`),
    check('alliances_description_length', sql`char_length(${t.description}) <= 1000`),
  ],
);

/** Members: a player is in one alliance at a time (the primary key). */
export const allianceMembers = pgTable(
  'alliance_members',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    allianceId: integer('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [
    index('alliance_members_alliance_idx').on(t.allianceId, t.joinedAt),
    check('alliance_members_role', sql`${t.role} in ('leader', 'officer', 'member')`),
    uniqueIndex('alliance_members_one_leader')
      .on(t.allianceId)
      .where(sql`role = 'leader'`),
  ],
);

/**
 * Applications (a player asks) and invitations (an officer or the leader asks the player), at
 * most one of either per alliance and player.
 */
export const allianceRequests = pgTable(
  'alliance_requests',
  {
    allianceId: integer('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    profileId: profileRef('profile_id'),
    kind: text('kind').notNull(),
    text: text('text'),
    /** Who invited (an invitation), null for an application. */
    byId: integer('by_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.allianceId, t.profileId] }),
    index('alliance_requests_profile_idx').on(t.profileId),
    check('alliance_requests_kind', sql`${t.kind} in ('application', 'invitation')`),
    check('alliance_requests_text_length', sql`char_length(${t.text}) <= 1000`),
  ],
);

/** When a player last left (or was kicked from) an alliance: the wait before joining another. */
export const allianceDepartures = pgTable('alliance_departures', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  allianceId: integer('alliance_id').notNull(),
  leftAt: ts('left_at').notNull(),
});

/** Alliance chat lines, newest by id. */
export const allianceChat = pgTable(
  'alliance_chat',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    allianceId: integer('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The writer's nickname when the line was posted (a renamed or deleted player's lines). */
    nickname: text('nickname').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
    deletedAt: ts('deleted_at'),
    deletedBy: integer('deleted_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('alliance_chat_alliance_idx').on(t.allianceId, t.id),
    index('alliance_chat_author_idx').on(t.profileId, t.createdAt),
    check('alliance_chat_text_length', sql`char_length(${t.text}) between 1 and 500`),
  ],
);

/**
 * What each member earned for their alliance in an ISO week while a member: XP (the alliance
 * board) and claimed gold (the weekly goal). Written beside `board_scores` by its one writer
 * (core/boards.ts), for the alliance the player is in when the points are earned.
 */
export const allianceScores = pgTable(
  'alliance_scores',
  {
    allianceId: integer('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    weekStart: ts('week_start').notNull(),
    profileId: profileRef('profile_id'),
    xp: bigint('xp', { mode: 'number' }).notNull().default(0),
    gold: bigint('gold', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.allianceId, t.weekStart, t.profileId] }),
    index('alliance_scores_week_idx').on(t.weekStart, t.allianceId),
  ],
);

/** One row per ISO week whose alliance rewards were paid: the insert claims the payout. */
export const allianceWeeks = pgTable('alliance_weeks', {
  weekStart: ts('week_start').primaryKey(),
  paidAt: ts('paid_at').notNull(),
  rewarded: integer('rewarded').notNull(),
});
