import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './account-schema.js';
import { heroes, lands } from './game-schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The Bazaar's listings (docs/api.md, "Bazaar"): one row per hero, land or lot of goods a player
 * offers, open until sold, cancelled or expired, and kept afterwards as the trade's record (My
 * Bazaar, the price history). What is listed is held in escrow: a listed hero or land keeps its
 * owner but is refused to missions, defence, upgrades and residents; listed goods have left the
 * land's balance into `quantity` (returned to `source_land_id`). The search's filters and sorts
 * read the copied facts (rarity, element, terrain, skills), so a search never joins.
 */
export const bazaarListings = pgTable(
  'bazaar_listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    heroId: integer('hero_id').references(() => heroes.id, { onDelete: 'set null' }),
    landId: integer('land_id').references(() => lands.id, { onDelete: 'set null' }),
    /** Goods: an item code, or 'elementals' / 'shards' of `element`. */
    item: text('item'),
    /** Goods: the land they left, where a cancel or expiry returns them. */
    sourceLandId: integer('source_land_id').references(() => lands.id, { onDelete: 'set null' }),
    /** 1 for a hero or a land. */
    quantity: integer('quantity').notNull().default(1),
    /** What a listing card shows: the hero's or land's name, or the goods' name. */
    title: text('title').notNull(),
    /** The price history's series: 'hero:<rarity>', 'land:<terrain>', 'item:<code>', 'elementals:<e>', 'shards:<e>'. */
    goodKey: text('good_key').notNull(),
    rarity: smallint('rarity'),
    element: smallint('element'),
    terrain: smallint('terrain'),
    level: smallint('level'),
    /** A hero's eight skills (base plus upskills), for the skill minimum filters. */
    skills: smallint('skills').array(),
    currency: text('currency').notNull(),
    /** What it costs now: the fixed price, or an auction's current bid (its start price before any). */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** An auction's duration in days; null for a fixed price. */
    auctionDays: smallint('auction_days'),
    startPrice: bigint('start_price', { mode: 'number' }),
    buyNow: bigint('buy_now', { mode: 'number' }),
    currentBid: bigint('current_bid', { mode: 'number' }),
    bidderId: integer('bidder_id').references(() => profiles.id, { onDelete: 'set null' }),
    bidCount: integer('bid_count').notNull().default(0),
    listingFee: bigint('listing_fee', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('open'),
    createdAt: ts('created_at').notNull(),
    /** A fixed price's expiry, or an auction's end (moved by late bids). */
    endsAt: ts('ends_at').notNull(),
    closedAt: ts('closed_at'),
    buyerId: integer('buyer_id').references(() => profiles.id, { onDelete: 'set null' }),
    salePrice: bigint('sale_price', { mode: 'number' }),
    saleFee: bigint('sale_fee', { mode: 'number' }),
    /** The staff member who cancelled the listing, and why (docs/operations.md). */
    cancelledBy: integer('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** The seller and buyer share a multi-account cluster (docs/operations.md, Moderation). */
    flagged: boolean('flagged').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    /** The create request, which a retry with the same key must repeat. */
    request: jsonb('request'),
  },
  (t) => [
    uniqueIndex('bazaar_listings_idempotency_key').on(t.sellerId, t.idempotencyKey),
    // Escrow that the database itself holds: a hero or a land is in one open listing at most.
    uniqueIndex('bazaar_listings_one_open_hero')
      .on(t.heroId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('bazaar_listings_one_open_land')
      .on(t.landId)
      .where(sql`${t.status} = 'open'`),
    // The search's sorts, over open listings only (keyset pages, no OFFSET).
    index('bazaar_listings_open_price_idx')
      .on(t.currency, t.price, t.id)
      .where(sql`${t.status} = 'open'`),
    index('bazaar_listings_open_kind_price_idx')
      .on(t.kind, t.currency, t.price, t.id)
      .where(sql`${t.status} = 'open'`),
    // One series (a hero rarity, a land terrain, an item) by price; it also bounds a search
    // narrowed to a series under the other sorts (docs/performance.md, Bazaar).
    index('bazaar_listings_open_good_price_idx')
      .on(t.goodKey, t.currency, t.price, t.id)
      .where(sql`${t.status} = 'open'`),
    // Ending soon, and the settlement worker's due listings.
    index('bazaar_listings_open_ends_idx')
      .on(t.endsAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('bazaar_listings_open_new_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    // My Bazaar: a seller's listings, a buyer's purchases.
    index('bazaar_listings_seller_idx').on(t.sellerId, t.createdAt),
    index('bazaar_listings_buyer_idx')
      .on(t.buyerId, t.closedAt)
      .where(sql`${t.buyerId} is not null`),
    // The price history: sales of one series by day.
    index('bazaar_listings_sold_idx')
      .on(t.goodKey, t.currency, t.closedAt)
      .where(sql`${t.status} = 'sold'`),
    check('bazaar_listings_kind_values', sql`${t.kind} in ('hero', 'land', 'goods')`),
    check('bazaar_listings_currency_values', sql`${t.currency} in ('gold', 'platinum')`),
    check(
      'bazaar_listings_status_values',
      sql`${t.status} in ('open', 'sold', 'cancelled', 'expired')`,
    ),
    check('bazaar_listings_price_positive', sql`${t.price} > 0`),
    check('bazaar_listings_quantity_positive', sql`${t.quantity} > 0`),
    check('bazaar_listings_fee_nonnegative', sql`${t.listingFee} >= 0`),
    check('bazaar_listings_bid_count_nonnegative', sql`${t.bidCount} >= 0`),
  ],
);

/**
 * Bids on auctions. A bid's amount is held from the bidder's treasury (a ledger entry
 * `bazaar:bid`) while it leads; outbid, it is released at once (`bazaar:release`); at the end the
 * leading bid is `won`. At most one bid of a listing is held at any moment.
 */
export const bazaarBids = pgTable(
  'bazaar_bids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => bazaarListings.id, { onDelete: 'cascade' }),
    bidderId: integer('bidder_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('held'),
    createdAt: ts('created_at').notNull(),
    releasedAt: ts('released_at'),
  },
  (t) => [
    uniqueIndex('bazaar_bids_one_held')
      .on(t.listingId)
      .where(sql`${t.status} = 'held'`),
    index('bazaar_bids_listing_idx').on(t.listingId, t.amount),
    index('bazaar_bids_bidder_idx').on(t.bidderId, t.createdAt),
    check('bazaar_bids_amount_positive', sql`${t.amount} > 0`),
    check('bazaar_bids_status_values', sql`${t.status} in ('held', 'released', 'won')`),
  ],
);
