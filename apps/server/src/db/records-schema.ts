import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Per-player achievement metrics (docs/game-rules.md, Achievements): counted where things
 * happen (core/achievements.ts), never recomputed from history.
 */
export const achievementProgress = pgTable(
  'achievement_progress',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.metric] })],
);

/** Earned achievements: the key makes a second earning of one impossible. */
export const achievementsEarned = pgTable(
  'achievements_earned',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    earnedAt: ts('earned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.code] })],
);

/** How many players earned each achievement: its rarity, kept with every earning. */
export const achievementEarners = pgTable('achievement_earners', {
  code: text('code').primaryKey(),
  earners: integer('earners').notNull().default(0),
});
