import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A player's place in the Arena (docs/game-rules.md, Arena): the Elo rating and the defence
 * team. A row is made the first time a player sets a defence, attacks or is attacked; an
 * attack locks both rows in profile id order before it reads them.
 */
export const arenaPlayers = pgTable(
  'arena_players',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull().default(1000),
    /** Hero ids, at most 3; a hero that changed owner since is skipped when read. */
    defence: integer('defence')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('arena_players_rating_idx').on(t.rating)],
);

/**
 * A player's latest offer of opponents (docs/game-rules.md, Arena): the players `GET
 * /halba/opponents` answered and when. An attack may target only one of them, within
 * ARENA_CONFIG.offerMinutes; it takes its opponent off the list. The next offer replaces the row.
 */
export const arenaOffers = pgTable('arena_offers', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  /** Profile ids, nearest first; an attack removes its opponent. */
  opponents: integer('opponents').array().notNull(),
  offeredAt: ts('offered_at').notNull(),
});

/**
 * One fight. The teams as they fought (effective skills) and the seed are kept, so the
 * rules replay the battle exactly; the turn log itself is not stored.
 */
export const arenaBattles = pgTable(
  'arena_battles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    attackerId: integer('attacker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    defenderId: integer('defender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    seed: integer('seed').notNull(),
    attackers: jsonb('attackers').notNull(),
    defenders: jsonb('defenders').notNull(),
    winner: text('winner').notNull(),
    attackerChange: integer('attacker_change').notNull(),
    defenderChange: integer('defender_change').notNull(),
    /** Ratings after the battle. */
    attackerRating: integer('attacker_rating').notNull(),
    defenderRating: integer('defender_rating').notNull(),
    /** UTC day ('YYYY-MM-DD') and ISO week ('2025-W02') of the attack: the limit and ladder keys. */
    day: text('day').notNull(),
    week: text('week').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('arena_battles_winner', sql`${t.winner} in ('attacker', 'defender')`),
    check('arena_battles_not_self', sql`${t.attackerId} <> ${t.defenderId}`),
    index('arena_battles_attacker_idx').on(t.attackerId, t.id),
    index('arena_battles_defender_idx').on(t.defenderId, t.id),
    index('arena_battles_attacker_day_idx').on(t.attackerId, t.day),
    index('arena_battles_week_idx').on(t.week),
  ],
);

/** One row per ISO week whose rewards were paid: the insert that makes it claims the payout. */
export const arenaWeeks = pgTable('arena_weeks', {
  week: text('week').primaryKey(),
  paidAt: ts('paid_at').notNull(),
  rewarded: integer('rewarded').notNull(),
});
