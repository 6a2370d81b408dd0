/**
 * The gold economy's numbers (docs/game-rules.md, "Gold economy"): the Greedy trader, the
 * Secret market and the Lucky coin event. Prices are whole treasury gold unless named platinum.
 */
export const ECONOMY_CONFIG = {
  trader: {
    /** The profile level whose flag (`profileLevel7`) opens the trader. */
    profileLevel: 7,
    /** What the trader pays for one unit at zero pressure, per item code. */
    itemPrices: {
      TOWER_STONE: 400,
      SEAL_AIR: 1500,
      SEAL_FIRE: 1500,
      SEAL_WATER: 1500,
      SEAL_EARTH: 1500,
      SKILL_POT: 600,
      LUCKY_COIN: 250,
      ANCIENT_SCROLL: 2500,
    } as Readonly<Record<string, number>>,
    /** Elementals trade in lots: one unit is this many elementals of one element. */
    elementalLot: 100,
    /** Per lot of elementals, by element (Air, Fire, Water, Earth). */
    elementalPrices: [40, 40, 40, 40],
    /** Per shard, by element. */
    shardPrices: [150, 150, 150, 150],
    /** Each unit bought from players multiplies the trader's prices by this. */
    pressureFactor: 0.98,
    /** The pressure falls linearly to zero over this long after its last snapshot. */
    pressureWindowMs: 86_400_000,
    /** The trader sells at this multiple of his buy price. */
    sellMarkup: 1.5,
    /** Gold one player may receive from the trader per UTC day. */
    dailyCapGold: 20_000,
    /** Most units in one trade. */
    maxQuantity: 1000,
  },
  secret: {
    profileLevel: 8,
    offersPerWindow: 6,
    windowHours: 8,
    /** Offer kinds by weight; prices per kind below. */
    kinds: [
      { kind: 'hero', weight: 15 },
      { kind: 'tower_stone', weight: 20 },
      { kind: 'seal', weight: 20 },
      { kind: 'skill_pot', weight: 20 },
      { kind: 'shards', weight: 15 },
      { kind: 'land', weight: 10 },
    ],
    /** Heroes are Rare or better: Rare, Epic, Legendary weights; platinum price by rarity. */
    heroRarityWeights: [70, 25, 5],
    heroPlatinum: [40, 80, 160],
    /** Lands: the terrain is drawn (Valley .. Arctic weights), platinum by terrain. */
    landTerrainWeights: [30, 30, 20, 15, 5],
    landPlatinum: [60, 70, 80, 100, 140],
    towerStone: { count: [1, 3], goldEach: 500 },
    seal: { count: [1, 2], goldEach: 1800 },
    skillPot: { count: [1, 3], goldEach: 700 },
    shards: { count: [2, 6], goldEach: 180 },
  },
  luckyCoin: {
    profileLevel: 5,
    itemCode: 'LUCKY_COIN',
    /** Weekly opening: Saturday (UTC day 6) 00:00 for 48 hours. */
    weekendStartDay: 6,
    weekendHours: 48,
    /** Prizes by weight (percent). */
    prizes: [
      { kind: 'gold', weight: 60 },
      { kind: 'skill_pot', weight: 20 },
      { kind: 'tower_stone', weight: 10 },
      { kind: 'shards', weight: 8 },
      { kind: 'platinum', weight: 2 },
    ],
    gold: [100, 1000],
    /** Shards of the tossing land's element. */
    shards: 3,
    platinum: 5,
    /** Recent tosses shown on the event screen. */
    recentTosses: 20,
    /** Longest operator opening. */
    maxOperatorHours: 24 * 14,
  },
} as const;

export type SecretOfferKind = (typeof ECONOMY_CONFIG.secret.kinds)[number]['kind'];
export type LuckyPrizeKind = (typeof ECONOMY_CONFIG.luckyCoin.prizes)[number]['kind'];
