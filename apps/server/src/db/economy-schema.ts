import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The Greedy trader's memory per good (docs/game-rules.md, Gold economy): a pressure snapshot
 * and its time. Every trade of a good locks its row, so no trade is priced on a stale pressure.
 */
export const traderPressure = pgTable(
  'trader_pressure',
  {
    good: text('good').primaryKey(),
    pressure: doublePrecision('pressure').notNull().default(0),
    at: ts('at').notNull(),
  },
  (t) => [check('trader_pressure_nonnegative', sql`${t.pressure} >= 0`)],
);

/** Every trade with the trader: the day's sales of a player count against the daily cap. */
export const traderTrades = pgTable(
  'trader_trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    landId: integer('land_id').notNull(),
    good: text('good').notNull(),
    side: text('side').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The trader's pressure on the good after the trade. */
    pressure: doublePrecision('pressure').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('trader_trades_profile_idx').on(t.profileId, t.createdAt),
    check('trader_trades_side_values', sql`${t.side} in ('sell', 'buy')`),
    check('trader_trades_positive', sql`${t.quantity} > 0 and ${t.total} > 0`),
  ],
);

/**
 * The answers of the economy's purchases, sales and tosses by (player, Idempotency-Key): a
 * retry gets the first answer and changes nothing.
 */
export const economyRequests = pgTable(
  'economy_requests',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    action: text('action').notNull(),
    request: jsonb('request').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.idempotencyKey] })],
);

/** Secret market offers sold: one row per (player, window, slot), so each sells once. */
export const secretSales = pgTable(
  'secret_sales',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    windowStart: ts('window_start').notNull(),
    slot: smallint('slot').notNull(),
    landId: integer('land_id'),
    heroId: integer('hero_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.windowStart, t.slot] })],
);

/** Lucky coin openings by an operator (the weekend needs no row). */
export const luckyEvents = pgTable(
  'lucky_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    opensAt: ts('opens_at').notNull(),
    closesAt: ts('closes_at').notNull(),
    note: text('note'),
  },
  (t) => [
    index('lucky_events_closes_idx').on(t.closesAt),
    check('lucky_events_span', sql`${t.closesAt} >= ${t.opensAt}`),
  ],
);

/** Every Lucky Coin tossed and its prize. */
export const luckyTosses = pgTable(
  'lucky_tosses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    landId: integer('land_id').notNull(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    prize: text('prize').notNull(),
    amount: integer('amount').notNull(),
    itemCode: text('item_code'),
    element: smallint('element'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('lucky_tosses_profile_idx').on(t.profileId, t.createdAt.desc())],
);
