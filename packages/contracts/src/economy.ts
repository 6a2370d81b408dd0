import Type, { type Static } from 'typebox';
import { ErrorBody } from './error-body.js';

/** The gold economy (`/souq`: the Greedy trader and the Secret market; `/hadath`: Lucky coin). */

export const EconomyErrorCode = {
  staleQuote: 'TRADER_STALE_QUOTE',
  dailyCap: 'TRADER_DAILY_CAP',
  unknownGood: 'TRADER_UNKNOWN_GOOD',
  notEnoughGold: 'NOT_ENOUGH_GOLD',
  notEnoughPlatinum: 'NOT_ENOUGH_PLATINUM',
  notEnoughGoods: 'NOT_ENOUGH_GOODS',
  vaultFull: 'VAULT_FULL',
  offerNotFound: 'OFFER_NOT_FOUND',
  offerSold: 'OFFER_SOLD',
  landRequired: 'LAND_REQUIRED',
  eventClosed: 'EVENT_CLOSED',
  noCoins: 'NO_LUCKY_COINS',
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;
export type EconomyErrorCode = (typeof EconomyErrorCode)[keyof typeof EconomyErrorCode];

/** Required on every purchase, sale and toss: a retry with the same key changes nothing twice. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.String({ minLength: 8, maxLength: 100, pattern: '^[!-~]+$' }),
});

export const TraderGoodKind = Type.Union([
  Type.Literal('item'),
  Type.Literal('elemental'),
  Type.Literal('shard'),
]);

export const TraderQuote = Type.Object({
  kind: TraderGoodKind,
  /** Items: the item code; null for elementals and shards. */
  code: Type.Union([Type.String(), Type.Null()]),
  /** Elementals and shards: 0 Air, 1 Fire, 2 Water, 3 Earth; null for items. */
  elemid: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  /** How much one unit is: 1 for items and shards, the lot size for elementals. */
  unitSize: Type.Integer(),
  /** What the trader pays now for one unit (a player's sale). */
  buyPrice: Type.Integer(),
  /** What the trader asks now for one unit (a player's purchase). */
  sellPrice: Type.Integer(),
  referencePrice: Type.Integer(),
});
export type TraderQuote = Static<typeof TraderQuote>;

export const TraderQuotes = Type.Object({
  quotes: Type.Array(TraderQuote),
  dailyCap: Type.Integer(),
  /** Gold the caller may still receive from sales today (UTC). */
  capLeft: Type.Integer(),
  capResetsAt: Type.String({ format: 'date-time' }),
});
export type TraderQuotes = Static<typeof TraderQuotes>;

export const TradeBody = Type.Object(
  {
    landid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    kind: TraderGoodKind,
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    elemid: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** The unit price the player was quoted: honoured only if it is still the price. */
    price: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  },
  { additionalProperties: false },
);
export type TradeBody = Static<typeof TradeBody>;

export const TradeResult = Type.Object({
  side: Type.Union([Type.Literal('sell'), Type.Literal('buy')]),
  quantity: Type.Integer(),
  unitPrice: Type.Integer(),
  total: Type.Integer(),
  capLeft: Type.Integer(),
  /** The good's quote after the trade. */
  quote: TraderQuote,
});
export type TradeResult = Static<typeof TradeResult>;

/** A trade's 409: the usual error body; a stale quote's also carries the price now. */
export const StaleQuoteBody = Type.Intersect([
  ErrorBody,
  Type.Object({ quote: Type.Optional(TraderQuote) }),
]);
export type StaleQuoteBody = Static<typeof StaleQuoteBody>;

export const SecretOfferKind = Type.Union([
  Type.Literal('hero'),
  Type.Literal('tower_stone'),
  Type.Literal('seal'),
  Type.Literal('skill_pot'),
  Type.Literal('shards'),
  Type.Literal('land'),
]);

export const SecretOfferView = Type.Object({
  id: Type.String(),
  kind: SecretOfferKind,
  title: Type.String(),
  count: Type.Integer(),
  gold: Type.Integer(),
  platinum: Type.Integer(),
  rarity: Type.Union([Type.Integer(), Type.Null()]),
  terrain: Type.Union([Type.Integer(), Type.Null()]),
  continent: Type.Union([Type.Integer(), Type.Null()]),
  elemid: Type.Union([Type.Integer(), Type.Null()]),
  itemCode: Type.Union([Type.String(), Type.Null()]),
  /** Items and shards go to a land the buyer names; heroes and lands need none. */
  needsLand: Type.Boolean(),
  sold: Type.Boolean(),
});
export type SecretOfferView = Static<typeof SecretOfferView>;

export const SecretMarket = Type.Object({
  windowStart: Type.String({ format: 'date-time' }),
  windowEnd: Type.String({ format: 'date-time' }),
  offers: Type.Array(SecretOfferView),
});
export type SecretMarket = Static<typeof SecretMarket>;

export const SecretOfferParams = Type.Object({
  offerId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]+-[0-9]+-[0-9]$' }),
});
export const SecretBuyBody = Type.Object(
  { landid: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
  { additionalProperties: false },
);
export type SecretBuyBody = Static<typeof SecretBuyBody>;

export const SecretPurchase = Type.Object({
  offer: SecretOfferView,
  landid: Type.Union([Type.Integer(), Type.Null()]),
  heroId: Type.Union([Type.Integer(), Type.Null()]),
});
export type SecretPurchase = Static<typeof SecretPurchase>;

export const LuckyPrizeView = Type.Object({
  kind: Type.Union([
    Type.Literal('gold'),
    Type.Literal('skill_pot'),
    Type.Literal('tower_stone'),
    Type.Literal('shards'),
    Type.Literal('platinum'),
  ]),
  amount: Type.Integer(),
  elemid: Type.Union([Type.Integer(), Type.Null()]),
  /** For people: '640 gold', '1 Skill Pot', '3 Water shards'. */
  text: Type.String(),
});
export type LuckyPrizeView = Static<typeof LuckyPrizeView>;

export const LuckyToss = Type.Object({
  id: Type.Integer(),
  landid: Type.Integer(),
  prize: LuckyPrizeView,
  at: Type.String({ format: 'date-time' }),
});
export type LuckyToss = Static<typeof LuckyToss>;

export const LuckyCoinState = Type.Object({
  open: Type.Boolean(),
  /** When open: when it closes; when closed: when it next opens. */
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  nextStartAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lands: Type.Array(
    Type.Object({ landid: Type.Integer(), name: Type.String(), coins: Type.Integer() }),
  ),
  tosses: Type.Array(LuckyToss),
});
export type LuckyCoinState = Static<typeof LuckyCoinState>;

export const TossBody = Type.Object(
  { landid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
export type TossBody = Static<typeof TossBody>;
