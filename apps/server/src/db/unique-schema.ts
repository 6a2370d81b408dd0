import { sql } from 'drizzle-orm';
import {
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
import { heroes, missions } from './game-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Unique missions' world events (docs/game-rules.md, "Unique missions"). `places_left` is taken
 * by a conditional update (`where places_left > 0`), which also holds the row lock, so the last
 * place goes exactly once. `week_key` is set only on the default rotation's events: its unique
 * index lets any number of server processes materialise a week's event once.
 */
export const uniqueEvents = pgTable(
  'unique_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    places: integer('places').notNull(),
    placesLeft: integer('places_left').notNull(),
    skill: smallint('skill').notNull(),
    minSkill: smallint('min_skill').notNull(),
    minRarity: smallint('min_rarity'),
    /** `{gold, xp, items: {code: count}}`. */
    reward: jsonb('reward').notNull(),
    baseMinutes: integer('base_minutes').notNull(),
    durationSkill: smallint('duration_skill').notNull(),
    weekKey: text('week_key'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'unique_events_places_left_range',
      sql`${t.placesLeft} >= 0 and ${t.placesLeft} <= ${t.places}`,
    ),
    check('unique_events_dates', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('unique_events_week_key').on(t.weekKey),
    index('unique_events_ends_idx').on(t.endsAt),
  ],
);

/** Who joined which event with which hero: one row per (event, player), never two. */
export const uniqueEntries = pgTable(
  'unique_entries',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => uniqueEvents.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    heroId: integer('hero_id')
      .notNull()
      .references(() => heroes.id, { onDelete: 'cascade' }),
    missionId: integer('mission_id').references(() => missions.id, { onDelete: 'set null' }),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'unique_entries_pk', columns: [t.eventId, t.profileId] }),
    index('unique_entries_profile_idx').on(t.profileId),
  ],
);
