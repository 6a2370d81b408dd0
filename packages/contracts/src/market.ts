import Type, { type Static } from 'typebox';
import { Hero, Land } from './game.js';

/** Marketplace (`/market`): Platinum packages, minting lands and heroes, purchase history. */

/** Chosen by the client, once per purchase: a retry with the same key never charges twice. */
export const IdempotencyKey = Type.String({ minLength: 8, maxLength: 100, pattern: '^[!-~]+$' });

const TxHash = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });

export const PlatinumPackage = Type.Object({
  id: Type.String(),
  platinum: Type.Integer(),
  bonusPercent: Type.Integer(),
  /** Exact price in wei, as a decimal string. */
  priceWei: Type.String(),
  /** The price for people, such as '0.05 ETH'. */
  price: Type.String(),
});
export type PlatinumPackage = Static<typeof PlatinumPackage>;

export const PAYMENT_PROVIDERS = ['sandbox', 'onchain'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** What the browser needs to pay: for 'onchain', send `priceWei` to `treasury` on `chainId`. */
export const PaymentSetup = Type.Object({
  provider: Type.Union([Type.Literal('sandbox'), Type.Literal('onchain')]),
  chainId: Type.Union([Type.Integer(), Type.Null()]),
  treasury: Type.Union([Type.String(), Type.Null()]),
  /** Blocks a payment needs (its own included) before Platinum is credited. */
  confirmations: Type.Integer(),
});
export type PaymentSetup = Static<typeof PaymentSetup>;

/** What a mint is paid with: Platinum (the default) or treasury gold. */
export const MintCurrency = Type.Union([Type.Literal('platinum'), Type.Literal('gold')]);
export type MintCurrency = Static<typeof MintCurrency>;

export const MarketOffers = Type.Object({
  packages: Type.Array(PlatinumPackage),
  /** Prices in platinum. */
  mint: Type.Object({ land: Type.Integer(), hero: Type.Integer() }),
  payment: PaymentSetup,
});
export type MarketOffers = Static<typeof MarketOffers>;

export const BuyPlatinumBody = Type.Object({
  packageId: Type.String({ minLength: 1, maxLength: 64 }),
  idempotencyKey: IdempotencyKey,
  /** The payment transaction (required by the on-chain provider). */
  txHash: Type.Optional(TxHash),
});
export type BuyPlatinumBody = Static<typeof BuyPlatinumBody>;

export const MintLandBody = Type.Object({
  /** 0 Aleph, 1 Beth. */
  continent: Type.Integer({ minimum: 0, maximum: 1 }),
  idempotencyKey: IdempotencyKey,
  /** Default 'platinum'. */
  currency: Type.Optional(MintCurrency),
});
export type MintLandBody = Static<typeof MintLandBody>;

export const MintHeroBody = Type.Object({
  idempotencyKey: IdempotencyKey,
  /** Default 'platinum'. */
  currency: Type.Optional(MintCurrency),
});
export type MintHeroBody = Static<typeof MintHeroBody>;

const MintPrice = Type.Object({
  platinum: Type.Integer(),
  /** The gold price for this player now: it rises with what the player owns. */
  gold: Type.Integer(),
});

/** `GET /market/mint/prices`: what minting costs the caller now, in either currency. */
export const MintPrices = Type.Object({ land: MintPrice, hero: MintPrice });
export type MintPrices = Static<typeof MintPrices>;

export const PURCHASE_KINDS = ['platinum', 'mint_land', 'mint_hero'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];
export const PURCHASE_STATUSES = ['pending', 'confirmed', 'refused'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const Purchase = Type.Object({
  purchaseid: Type.Integer(),
  kind: Type.Union([
    Type.Literal('platinum'),
    Type.Literal('mint_land'),
    Type.Literal('mint_hero'),
  ]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('refused')]),
  /** The change to the player's platinum: +550 bought, -100 spent on a land. */
  platinum: Type.Integer(),
  /** The change to the player's treasury gold: -3000 spent on a land, 0 when paid otherwise. */
  gold: Type.Integer(),
  packageId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  confirmedAt: Type.Union([Type.String(), Type.Null()]),
  txHash: Type.Union([Type.String(), Type.Null()]),
  /** An on-chain payment's confirmations so far and how many it needs. */
  confirmations: Type.Optional(Type.Object({ have: Type.Integer(), need: Type.Integer() })),
  /** Why a pending payment was refused later (status 'refused'). */
  refusal: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
  land: Type.Optional(Land),
  hero: Type.Optional(Hero),
});
export type Purchase = Static<typeof Purchase>;
export const PurchaseList = Type.Array(Purchase);

export const PurchaseListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type PurchaseListQuery = Static<typeof PurchaseListQuery>;
