import Type, { type Static } from 'typebox';

/**
 * The Bazaar (docs/api.md, "Bazaar"): players sell heroes, lands and goods to each other at a
 * fixed price or by auction, under `/souq/bazaar`.
 */
export const BazaarErrorCode = {
  listingNotFound: 'LISTING_NOT_FOUND',
  /** Sold, cancelled, expired or ended: nothing more can happen to it. */
  listingClosed: 'LISTING_CLOSED',
  /** Buying or bidding on one's own listing. */
  ownListing: 'OWN_LISTING',
  /** BAZAAR_CONFIG.maxOpenListings open already. */
  listingsFull: 'LISTINGS_FULL',
  heroBusy: 'HERO_BUSY',
  heroDefending: 'HERO_DEFENDING',
  lastHero: 'LAST_HERO',
  lastLand: 'LAST_LAND',
  landHasResidents: 'LAND_HAS_RESIDENTS',
  landBusy: 'LAND_BUSY',
  alreadyListed: 'ALREADY_LISTED',
  notEnoughGoods: 'NOT_ENOUGH_GOODS',
  /** The buyer's land has no room for the elementals (its vault's cap). */
  vaultFull: 'VAULT_FULL',
  /** A bid below the minimum next bid (the message names it). */
  bidTooLow: 'BID_TOO_LOW',
  /** A bid on a fixed-price listing. */
  notAnAuction: 'NOT_AN_AUCTION',
  /** Buying an auction that has no buy-now price. */
  noBuyNow: 'NO_BUY_NOW',
  /** Cancelling an auction that has a bid. */
  auctionHasBids: 'AUCTION_HAS_BIDS',
  /** A listed hero sent on a mission, to defence or to an upgrade. */
  heroListed: 'HERO_LISTED',
  /** A hero moved into (or out of) a listed land, or a listed land used. */
  landListed: 'LAND_LISTED',
} as const;
export type BazaarErrorCode = (typeof BazaarErrorCode)[keyof typeof BazaarErrorCode];

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Price = Type.Integer({ minimum: 1, maximum: 1_000_000_000 });
const IsoTime = Type.String({ format: 'date-time' });

export const ListingKind = Type.Union([
  Type.Literal('hero'),
  Type.Literal('land'),
  Type.Literal('goods'),
]);
export type ListingKind = Static<typeof ListingKind>;

export const BazaarCurrency = Type.Union([Type.Literal('gold'), Type.Literal('platinum')]);
export type BazaarCurrency = Static<typeof BazaarCurrency>;

export const ListingStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('sold'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
]);
export type ListingStatus = Static<typeof ListingStatus>;

/**
 * `POST /souq/bazaar/listings` (with an `Idempotency-Key` header). `kind` names what is sold:
 * `heroid`, `landid`, or goods from `landid`'s inventory: `item` is an item code, or
 * `'elementals'` / `'shards'` with `elemid`, and `quantity`. An auction's start price is
 * `auction.startPrice`, or `price` when that is left out.
 */
export const CreateListingBody = Type.Object(
  {
    kind: ListingKind,
    heroid: Type.Optional(Id),
    landid: Type.Optional(Id),
    item: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    elemid: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    currency: BazaarCurrency,
    price: Type.Optional(Price),
    auction: Type.Optional(
      Type.Object(
        {
          startPrice: Type.Optional(Price),
          buyNow: Type.Optional(Price),
          days: Type.Union([Type.Literal(1), Type.Literal(3), Type.Literal(7)]),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateListingBody = Static<typeof CreateListingBody>;

export const ListingParams = Type.Object({ id: Id });
export type ListingParams = Static<typeof ListingParams>;

/** `POST .../{id}/buy`: goods go to `landid` (one of the buyer's lands; the first when left out). */
export const BuyListingBody = Type.Object(
  { landid: Type.Optional(Id) },
  { additionalProperties: false },
);
export type BuyListingBody = Static<typeof BuyListingBody>;

export const BidBody = Type.Object({ amount: Price }, { additionalProperties: false });
export type BidBody = Static<typeof BidBody>;

export const ListingSort = Type.Union([
  Type.Literal('price'),
  Type.Literal('-price'),
  Type.Literal('ending'),
  Type.Literal('newest'),
]);
export type ListingSort = Static<typeof ListingSort>;

const Skill = Type.Integer({ minimum: 0, maximum: 200 });

/** `GET /souq/bazaar/listings`: open listings, filtered and sorted, by keyset cursor. */
export const ListingSearchQuery = Type.Object(
  {
    kind: Type.Optional(ListingKind),
    rarity: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    element: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    terrain: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    item: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** Hero skill minimums, by the skill names of docs/screens.md (rules' SKILL_NAMES), e.g. `minStrength=40`. */
    minMastery: Type.Optional(Skill),
    minIntelligence: Type.Optional(Skill),
    minResilience: Type.Optional(Skill),
    minAgility: Type.Optional(Skill),
    minCharisma: Type.Optional(Skill),
    minLuck: Type.Optional(Skill),
    minEfficiency: Type.Optional(Skill),
    minStrength: Type.Optional(Skill),
    minPrice: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    maxPrice: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    currency: Type.Optional(BazaarCurrency),
    auction: Type.Optional(Type.Boolean()),
    sort: Type.Optional(ListingSort),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    /** Only this seller's open listings (a public profile's "On the Bazaar"). */
    seller: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ListingSearchQuery = Static<typeof ListingSearchQuery>;

export const ListingParty = Type.Object({
  profileid: Type.Integer(),
  nickname: Type.String(),
});
export type ListingParty = Static<typeof ListingParty>;

export const ListingAuction = Type.Object({
  startPrice: Type.Integer(),
  buyNow: Type.Union([Type.Integer(), Type.Null()]),
  currentBid: Type.Union([Type.Integer(), Type.Null()]),
  bids: Type.Integer(),
  /** The lowest bid accepted now. */
  minNextBid: Type.Integer(),
  days: Type.Integer(),
});
export type ListingAuction = Static<typeof ListingAuction>;

/** A listing as a search result card shows it. */
export const ListingSummary = Type.Object({
  id: Type.Integer(),
  kind: ListingKind,
  title: Type.String(),
  seller: ListingParty,
  currency: BazaarCurrency,
  /** What it costs now: the fixed price, or the current bid (the start price before any). */
  price: Type.Integer(),
  quantity: Type.Integer(),
  auction: Type.Union([ListingAuction, Type.Null()]),
  status: ListingStatus,
  createdAt: IsoTime,
  endsAt: IsoTime,
  rarity: Type.Union([Type.Integer(), Type.Null()]),
  element: Type.Union([Type.Integer(), Type.Null()]),
  terrain: Type.Union([Type.Integer(), Type.Null()]),
  level: Type.Union([Type.Integer(), Type.Null()]),
  skills: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  /** Goods: the item code, or 'elementals' / 'shards'. */
  item: Type.Union([Type.String(), Type.Null()]),
  heroid: Type.Union([Type.Integer(), Type.Null()]),
  landid: Type.Union([Type.Integer(), Type.Null()]),
});
export type ListingSummary = Static<typeof ListingSummary>;

export const ListingPage = Type.Object({
  listings: Type.Array(ListingSummary),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ListingPage = Static<typeof ListingPage>;

/** A hero as its listing's page shows it. */
export const ListedHero = Type.Object({
  heroid: Type.Integer(),
  name: Type.String(),
  rarity: Type.Integer(),
  element: Type.Integer(),
  sex: Type.Integer(),
  generation: Type.Integer(),
  level: Type.Integer(),
  xp: Type.Integer(),
  /** Base skills, in the order of docs/screens.md. */
  skills: Type.Array(Type.Integer()),
  upskills: Type.Array(Type.Integer()),
});
export type ListedHero = Static<typeof ListedHero>;

/** A land as its listing's page shows it: where it is, what it makes and holds. */
export const ListedLand = Type.Object({
  landid: Type.Integer(),
  name: Type.Union([Type.String(), Type.Null()]),
  continent: Type.Integer(),
  x: Type.Integer(),
  y: Type.Integer(),
  terrain: Type.Integer(),
  element: Type.Integer(),
  /** Gold the land produces per day at its towers' levels. */
  goldPerDay: Type.Number(),
  /** By element (Air, Fire, Water, Earth). */
  towers: Type.Array(Type.Integer()),
  seals: Type.Array(Type.Integer()),
  vaults: Type.Array(Type.Number()),
  shards: Type.Array(Type.Integer()),
  items: Type.Array(
    Type.Object({ code: Type.String(), name: Type.String(), count: Type.Integer() }),
  ),
});
export type ListedLand = Static<typeof ListedLand>;

export const ListingBid = Type.Object({
  amount: Type.Integer(),
  at: IsoTime,
  bidder: ListingParty,
});
export type ListingBid = Static<typeof ListingBid>;

/** `GET /souq/bazaar/listings/{id}`: a listing with what a buyer needs to judge it. */
export const ListingDetails = Type.Intersect([
  ListingSummary,
  Type.Object({
    hero: Type.Union([ListedHero, Type.Null()]),
    land: Type.Union([ListedLand, Type.Null()]),
    /** An auction's bids, highest first (the latest 20). */
    bidHistory: Type.Array(ListingBid),
    /** The caller's own listing. */
    mine: Type.Boolean(),
    /** The caller's bid leads (an auction). */
    leading: Type.Boolean(),
    listingFee: Type.Integer(),
    /** A closed listing: the sale price and fee, when it sold. */
    salePrice: Type.Union([Type.Integer(), Type.Null()]),
    saleFee: Type.Union([Type.Integer(), Type.Null()]),
    closedAt: Type.Union([IsoTime, Type.Null()]),
    buyer: Type.Union([ListingParty, Type.Null()]),
  }),
]);
export type ListingDetails = Static<typeof ListingDetails>;

/** The answer of a create, cancel, buy or bid: the listing now and the caller's treasury. */
export const BazaarAnswer = Type.Object({
  listing: ListingDetails,
  gold: Type.Number(),
  platinum: Type.Number(),
});
export type BazaarAnswer = Static<typeof BazaarAnswer>;

/** A bid of the caller's on an auction (My Bazaar). */
export const MyBid = Type.Object({
  listing: ListingSummary,
  /** The caller's highest bid on it. */
  amount: Type.Integer(),
  /** Held now (it leads); released when outbid. */
  held: Type.Boolean(),
  at: IsoTime,
});
export type MyBid = Static<typeof MyBid>;

/** A finished trade of the caller's, as buyer or seller, with its fees. */
export const BazaarTrade = Type.Object({
  listing: ListingSummary,
  price: Type.Integer(),
  /** The sale fee (the seller pays it). */
  saleFee: Type.Integer(),
  /** The listing fee the seller paid. */
  listingFee: Type.Integer(),
  /** What the seller received: price less the sale fee. */
  proceeds: Type.Integer(),
  counterpart: ListingParty,
  at: IsoTime,
});
export type BazaarTrade = Static<typeof BazaarTrade>;

/** `GET /souq/bazaar/mine`: My Bazaar. */
export const MyBazaar = Type.Object({
  /** Open listings, then the last 50 closed ones (cancelled or expired), newest first. */
  listings: Type.Array(
    Type.Intersect([ListingSummary, Type.Object({ listingFee: Type.Integer() })]),
  ),
  bids: Type.Array(MyBid),
  purchases: Type.Array(BazaarTrade),
  sales: Type.Array(BazaarTrade),
});
export type MyBazaar = Static<typeof MyBazaar>;

/**
 * `GET /souq/bazaar/prices`: one series (a kind with its rarity, terrain or item; `elemid` for
 * elementals and shards). Goods are priced per unit.
 */
export const PriceHistoryQuery = Type.Object(
  {
    kind: ListingKind,
    rarity: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    terrain: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    item: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    elemid: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    currency: Type.Optional(BazaarCurrency),
  },
  { additionalProperties: false },
);
export type PriceHistoryQuery = Static<typeof PriceHistoryQuery>;

export const PricePoint = Type.Object({
  /** UTC day, YYYY-MM-DD. */
  day: Type.String(),
  /** The median sale price that day (per unit for goods); null with no sale. */
  median: Type.Union([Type.Number(), Type.Null()]),
  volume: Type.Integer(),
});
export type PricePoint = Static<typeof PricePoint>;

export const PriceHistory = Type.Object({
  /** The series' key, e.g. 'hero:3'. */
  series: Type.String(),
  currency: BazaarCurrency,
  /** The last BAZAAR_CONFIG.historyDays days, oldest first, today included. */
  days: Type.Array(PricePoint),
});
export type PriceHistory = Static<typeof PriceHistory>;

/** `bazaar.sold`, `bazaar.bought`, `bazaar.outbid`: what happened to which listing. */
export const BazaarEvent = Type.Object({
  listingid: Type.Integer(),
  kind: ListingKind,
  title: Type.String(),
  currency: BazaarCurrency,
  /** Sold: the price; bought: the price paid; outbid: the new leading bid. */
  amount: Type.Integer(),
});
export type BazaarEvent = Static<typeof BazaarEvent>;

/** `POST /diwan/bazaar/{id}/cancel` (staff): cancels an open listing, returning everything. */
export const StaffCancelListingBody = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 500 }) },
  { additionalProperties: false },
);
export type StaffCancelListingBody = Static<typeof StaffCancelListingBody>;
