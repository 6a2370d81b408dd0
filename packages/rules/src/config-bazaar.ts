/**
 * The Bazaar's numbers (docs/game-rules.md, Bazaar): players selling heroes, lands and goods to
 * each other. Starting values; tuning them is an edit here and in docs/game-rules.md.
 */
export const BAZAAR_CONFIG = {
  /** The profile level from which a player may list, buy and bid (anyone may browse). */
  minLevel: 2,
  /** Open listings a player may have at once. */
  maxOpenListings: 20,
  /** The listing fee, a share of the price (an auction: of its start price), never refunded. */
  listingFeeRate: 0.01,
  /** The sale fee, a share of the sale price, taken from the seller's proceeds. */
  saleFeeRate: 0.05,
  /** A fixed-price listing expires after this long and returns what it holds. */
  fixedDays: 7,
  /** The durations an auction may run. */
  auctionDays: [1, 3, 7],
  /** A bid must beat the current one by at least this share. */
  minRaiseRate: 0.05,
  /** A bid in the last `snipeWindowMs` of an auction moves its end to `snipeWindowMs` after the bid. */
  snipeWindowMs: 5 * 60_000,
  /** Prices are whole units of gold or platinum, from 1 to this. */
  maxPrice: 1_000_000_000,
  /** Goods in one listing, at most. */
  maxQuantity: 1_000_000,
  /** Days of price history the chart shows. */
  historyDays: 30,
  /** A search page: default and largest size. */
  page: { default: 24, max: 100 },
} as const;
