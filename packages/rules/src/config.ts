import { ARENA_CONFIG } from './config-arena.js';
import { ECONOMY_CONFIG } from './config-economy.js';
import { DAILY_REWARD_CONFIG, ITEMS_CONFIG } from './config-items.js';
import { MAP_CONFIG } from './config-map.js';
import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import { MISSIONS_CONFIG } from './config-missions.js';
import { PROFILE_CONFIG } from './config-profile.js';
import { QUESTS_CONFIG } from './config-quests.js';
import { SOCIAL_CONFIG } from './config-social.js';
import { BAZAAR_CONFIG } from './config-bazaar.js';
import { PUSH_CONFIG } from './config-push.js';
import { UNIQUE_CONFIG } from './config-unique.js';
import { Continent, Rarity, Terrain } from './world.js';

/**
 * Every number of the game in one place (docs/game-rules.md). The rules read
 * only from here, so tuning the game is an edit to this object and to docs/game-rules.md.
 */
export const GAME_CONFIG = {
  time: {
    msPerMinute: 60_000,
    minutesPerHour: 60,
    hoursPerDay: 24,
    minutesPerDay: 1440,
    msPerDay: 86_400_000,
    daysPerWeek: 7,
  },
  world: {
    width: 500,
    height: 500,
    /** Free-slot search: a square around the centre whose half-side grows per attempt. */
    slotSearch: { initialRadius: 8, radiusGrowth: 2, attempts: 200 },
  },
  land: {
    /** Mirrored in SQL by the rating's `aleph_assets_power` (config-records.ts): a change needs a migration. */
    towerBaseGold: 25,
    towerGoldPerLevel: 15,
    /** By terrain: Valley, Forest, Mountains, River, Arctic. */
    terrainMultiplier: [1.0, 1.1, 1.25, 1.5, 2.0],
    productivityDecimals: 2,
    capDays: 7,
    towerMaxLevel: 10,
  },
  vault: {
    capPerLevel: 1000,
    /** Fraction of the volume lost per day, by seal level 0..5. */
    drainBySeal: [0.1, 0.08, 0.06, 0.045, 0.03, 0.02],
    sealNames: ['None', 'Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'],
    maxSeal: 5,
  },
  heroes: {
    skillMin: 1,
    skillMax: 100,
    /** Inclusive skill range by rarity: Common .. Legendary. */
    skillRanges: [
      [5, 30],
      [15, 45],
      [25, 60],
      [40, 80],
      [60, 100],
    ],
    maxResidentsPerLand: 5,
    mintGeneration: 0,
    /** Share of generated hero names that carry an epithet ('the Bold'). */
    epithetChance: 0.25,
  },
  missions: MISSIONS_CONFIG,
  /** Hero levels, upskills, pots and seal improvements (docs/game-rules.md, Hero growth). */
  heroGrowth: HERO_GROWTH_CONFIG,
  items: ITEMS_CONFIG,
  dailyReward: DAILY_REWARD_CONFIG,
  profile: PROFILE_CONFIG,
  /** The first steps card's goals and rewards (docs/game-rules.md, First steps). */
  quests: QUESTS_CONFIG,
  /** The world map and world statistics (docs/game-rules.md, World map). */
  worldMap: MAP_CONFIG,
  unique: UNIQUE_CONFIG,
  /** The Arena (docs/game-rules.md, Arena). */
  arena: ARENA_CONFIG,
  social: SOCIAL_CONFIG,
  /** The players' market (docs/game-rules.md, Bazaar). */
  bazaar: BAZAAR_CONFIG,
  /** Web push: folding, quiet hours' summary, retries (docs/game-rules.md, Notifications). */
  push: PUSH_CONFIG,
  /** The gold economy (docs/game-rules.md, Gold economy). */
  economy: ECONOMY_CONFIG,
  market: {
    landPricePlatinum: 100,
    heroPricePlatinum: 50,
    /** Percent weights by rarity: Common, Uncommon, Rare, Epic, Legendary. */
    heroRarityWeights: [50, 25, 15, 8, 2],
    /** Minted land terrain uses the same shape: terrain is the land's rarity. */
    landTerrainWeights: [50, 25, 15, 8, 2],
    /**
     * Platinum sold for ether. Base rate 100 platinum per 0.01 ETH; bigger packages add a bonus.
     * Prices are in wei as decimal strings (exact, beyond Number's range). VIP points grow by
     * the platinum bought, bonus included.
     */
    platinumPackages: [
      { id: 'platinum-100', platinum: 100, bonusPercent: 0, priceWei: '10000000000000000' },
      { id: 'platinum-550', platinum: 550, bonusPercent: 10, priceWei: '50000000000000000' },
      { id: 'platinum-1200', platinum: 1200, bonusPercent: 20, priceWei: '100000000000000000' },
    ],
    /** Symbol shown with prices: the chain's native currency. */
    currencySymbol: 'ETH',
    /**
     * Minting for treasury gold, the gold sink that lets a free player grow (mintGoldPrice):
     * `base * growth^max(0, owned - free)` rounded to the nearest `roundTo` gold, where `owned`
     * is how many lands (or heroes) the player owns when buying: owning up to `freeLands`
     * (`freeHeroes`) the price is `base`, and each one more multiplies it by `growth`.
     */
    goldMint: {
      land: { base: 2500, growth: 1.6 },
      hero: { base: 1200, growth: 1.35 },
      freeLands: 1,
      /** The starter kit's three heroes. */
      freeHeroes: 3,
      roundTo: 10,
    },
  },
  starter: {
    continent: Continent.Aleph,
    /** Every newcomer starts equal: a common Valley land. */
    terrain: Terrain.Valley,
    heroRarity: Rarity.Common,
    /**
     * Three heroes: two live on the starter land (one collects the daily reward while the
     * other searches), the third has no residence and claims the land's gold.
     */
    residentHeroes: 2,
    homelessHeroes: 1,
    /**
     * The starter land has been producing this many days before the player arrives, so the
     * first claim brings gold home at once (production is lazy: no ledger entry is needed).
     */
    landGoldDays: 1,
  },
  boards: {
    types: ['TOP_GOLD_CLAIMERS', 'TOP_XP_GAINERS'],
    topSize: 100,
  },
  dashboard: {
    goldAttentionTop: 10,
    /** Orange above this share of the cap, red at the cap. */
    goldAttentionHighRatio: 0.75,
    announcements: 5,
  },
  format: {
    thousand: 1000,
    million: 1_000_000,
    amountDecimals: 1,
    addressHead: 6,
    addressTail: 4,
    percentDecimals: 1,
    briefingWords: 15,
  },
} as const;

export type GameConfig = typeof GAME_CONFIG;
