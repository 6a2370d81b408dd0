import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every marketplace purchase: Platinum bought (pending until its payment is confirmed) and
 * lands or heroes minted with Platinum or with treasury gold. The indexes make the two promises of the marketplace
 * hold under any race: one purchase per (profile, idempotency key), one credit per transaction.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The request as normalised when first seen: a retry must repeat it exactly. */
    request: jsonb('request').notNull(),
    status: text('status').notNull(),
    packageId: text('package_id'),
    /** The change to the profile's platinum: positive when bought, negative when spent. */
    platinum: bigint('platinum', { mode: 'number' }).notNull(),
    /** The change to the profile's treasury gold: negative for a mint paid with gold, else 0. */
    gold: bigint('gold', { mode: 'number' }).notNull().default(0),
    /** The package's price at the time of purchase. */
    priceWei: numeric('price_wei', { precision: 78, scale: 0 }),
    provider: text('provider'),
    /** Lower-case 0x hash of the payment transaction: credited once, ever. */
    txHash: text('tx_hash'),
    chainId: integer('chain_id'),
    /** The mint's random source: terrain, element and hero replay from it. */
    seed: bigint('seed', { mode: 'number' }),
    /** Mints: `{ landId }` or `{ heroId }`; payments: what verification saw, or the refusal. */
    result: jsonb('result'),
    createdAt: ts('created_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    /** Pending payments: times verified so far, and when the chain may be asked again. */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: ts('next_check_at'),
  },
  (t) => [
    uniqueIndex('purchases_idempotency_key').on(t.profileId, t.idempotencyKey),
    uniqueIndex('purchases_tx_hash_key').on(t.txHash),
    index('purchases_history_idx').on(t.profileId, t.createdAt.desc(), t.id.desc()),
    check('purchases_kind_values', sql`${t.kind} in ('platinum', 'mint_land', 'mint_hero')`),
    check('purchases_status_values', sql`${t.status} in ('pending', 'confirmed', 'refused')`),
    check('purchases_key_length', sql`char_length(${t.idempotencyKey}) between 8 and 100`),
    // Bought platinum is positive; a mint spends platinum or gold, exactly one of them.
    check('purchases_platinum_sign', sql`(${t.kind} = 'platinum') = (${t.platinum} > 0)`),
    check('purchases_gold_sign', sql`${t.gold} <= 0`),
    check('purchases_one_currency', sql`(${t.platinum} = 0) <> (${t.gold} = 0)`),
    check(
      'purchases_package_shape',
      sql`(${t.kind} = 'platinum') = (${t.packageId} is not null and ${t.priceWei} is not null and ${t.provider} is not null)`,
    ),
    check('purchases_seed_shape', sql`(${t.kind} = 'platinum') = (${t.seed} is null)`),
    check('purchases_mints_confirmed', sql`${t.kind} = 'platinum' or ${t.status} = 'confirmed'`),
    check(
      'purchases_confirmed_at',
      sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null)`,
    ),
    check('purchases_tx_hash_format', sql`${t.txHash} ~ '^0x[0-9a-f]{64}$'`),
    check('purchases_provider_values', sql`${t.provider} in ('sandbox', 'onchain')`),
  ],
);
