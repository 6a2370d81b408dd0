/**
 * The achievements catalogue (docs/game-rules.md, Achievements). Each counts one metric, a
 * per-player number kept by the server as things happen: `sum` metrics add what happened
 * (missions finished, gold claimed, wins), `max` metrics keep the highest value seen (lands
 * owned, the best tower). An achievement is earned when its metric reaches its goal.
 */
/**
 * A gold claim counts as a finished mission (for `missions_finished` and its GOLDCLAIM metric)
 * only when it moved at least this much gold, so splitting one land's gold into many small
 * claims earns no achievement sooner (docs/game-balance.md).
 */
export const MIN_COUNTED_CLAIM_GOLD = 100;

export const ACHIEVEMENT_METRICS = {
  missions_finished: 'sum',
  'missions_finished:GOLDCLAIM': 'sum',
  'missions_finished:DAILYREWARD': 'sum',
  'missions_finished:HUNTSEAL': 'sum',
  'missions_finished:TRANSFERHERO': 'sum',
  'missions_finished:UPGRADETOWER': 'sum',
  'missions_finished:SEARCHELEMENT': 'sum',
  gold_claimed: 'sum',
  lands_owned: 'max',
  heroes_owned: 'max',
  legendary_heroes_owned: 'max',
  tower_level_max: 'max',
  seal_level_max: 'max',
  profile_level: 'max',
  hero_level_max: 'max',
  arena_wins: 'sum',
  trader_sales: 'sum',
  unique_missions: 'sum',
  lucky_coin_tosses: 'sum',
} as const;

export type AchievementMetric = keyof typeof ACHIEVEMENT_METRICS;

export interface AchievementDef {
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly metric: AchievementMetric;
  readonly goal: number;
  readonly xp: number;
}

const a = (
  code: string,
  name: string,
  description: string,
  metric: AchievementMetric,
  goal: number,
  xp: number,
): AchievementDef => ({ code, name, description, metric, goal, xp });

export const ACHIEVEMENTS_CONFIG: readonly AchievementDef[] = [
  a('FIRST_MISSION', 'First Steps', 'Finish your first mission.', 'missions_finished', 1, 100),
  a('MISSIONS_10', 'Busy Hands', 'Finish 10 missions.', 'missions_finished', 10, 300),
  a('MISSIONS_100', 'Centurion', 'Finish 100 missions.', 'missions_finished', 100, 1000),
  a('MISSIONS_1000', 'Tireless', 'Finish 1,000 missions.', 'missions_finished', 1000, 5000),
  a('FIRST_CLAIM', 'First Claim', 'Claim gold once.', 'missions_finished:GOLDCLAIM', 1, 100),
  a('CLAIMS_50', 'Tax Collector', 'Claim gold 50 times.', 'missions_finished:GOLDCLAIM', 50, 1000),
  a('GOLD_10K', 'Pocket Money', 'Claim 10,000 gold in all.', 'gold_claimed', 10_000, 500),
  a('GOLD_100K', 'Treasurer', 'Claim 100,000 gold in all.', 'gold_claimed', 100_000, 2000),
  a('GOLD_1M', 'Gold Baron', 'Claim 1,000,000 gold in all.', 'gold_claimed', 1_000_000, 10000),
  a('DAILY_7', 'Regular', 'Collect 7 daily rewards.', 'missions_finished:DAILYREWARD', 7, 300),
  a('DAILY_30', 'Devoted', 'Collect 30 daily rewards.', 'missions_finished:DAILYREWARD', 30, 1500),
  a('HUNT_1', 'Seal Hunter', 'Finish a seal hunt.', 'missions_finished:HUNTSEAL', 1, 200),
  a('HUNT_25', 'Master Hunter', 'Finish 25 seal hunts.', 'missions_finished:HUNTSEAL', 25, 1500),
  a('TOWER_UP_1', 'Mason', 'Upgrade a tower.', 'missions_finished:UPGRADETOWER', 1, 200),
  a(
    'TOWER_UP_20',
    'Architect',
    'Upgrade towers 20 times.',
    'missions_finished:UPGRADETOWER',
    20,
    1500,
  ),
  a(
    'SEARCH_10',
    'Prospector',
    'Search for elementals 10 times.',
    'missions_finished:SEARCHELEMENT',
    10,
    500,
  ),
  a(
    'TRANSFER_1',
    'New Home',
    'Move a hero to another land.',
    'missions_finished:TRANSFERHERO',
    1,
    100,
  ),
  a('TOWER_5', 'Tall Tower', 'Raise a tower to level 5.', 'tower_level_max', 5, 1000),
  a('TOWER_10', 'Skyscraper', 'Raise a tower to level 10.', 'tower_level_max', 10, 5000),
  a('SEAL_RARE', 'Sealed', 'Own a Rare seal.', 'seal_level_max', 3, 1000),
  a('SEAL_LEGENDARY', 'Legendary Seal', 'Own a Legendary seal.', 'seal_level_max', 5, 5000),
  a('LANDS_2', 'Landlord', 'Own 2 lands.', 'lands_owned', 2, 300),
  a('LANDS_5', 'Estate', 'Own 5 lands.', 'lands_owned', 5, 1000),
  a('LANDS_20', 'Realm', 'Own 20 lands.', 'lands_owned', 20, 5000),
  a('HEROES_5', 'Fellowship', 'Own 5 heroes.', 'heroes_owned', 5, 500),
  a('HEROES_20', 'Army', 'Own 20 heroes.', 'heroes_owned', 20, 2000),
  a('LEGENDARY_HERO', 'Living Legend', 'Own a Legendary hero.', 'legendary_heroes_owned', 1, 3000),
  a('HERO_LEVEL_3', 'Seasoned Hero', 'Raise a hero to level 3.', 'hero_level_max', 3, 1000),
  a('HERO_LEVEL_5', 'Champion', 'Raise a hero to level 5.', 'hero_level_max', 5, 3000),
  a('PROFILE_3', 'Rising', 'Reach profile level 3.', 'profile_level', 3, 500),
  a('PROFILE_5', 'Renowned', 'Reach profile level 5.', 'profile_level', 5, 1500),
  a('PROFILE_10', 'Lord of Aleph', 'Reach profile level 10.', 'profile_level', 10, 10000),
  a('ARENA_WIN_1', 'Gladiator', 'Win an arena battle.', 'arena_wins', 1, 300),
  a('ARENA_WIN_50', 'Arena Master', 'Win 50 arena battles.', 'arena_wins', 50, 3000),
  a('TRADER_1', 'Merchant', 'Sell to the Greedy trader.', 'trader_sales', 1, 200),
  a('TRADER_25', 'Haggler', 'Sell to the Greedy trader 25 times.', 'trader_sales', 25, 1500),
  a('UNIQUE_1', 'Adventurer', 'Finish a unique mission.', 'unique_missions', 1, 1000),
  a('UNIQUE_10', 'Myth Maker', 'Finish 10 unique missions.', 'unique_missions', 10, 5000),
  a('COIN_1', 'Feeling Lucky', 'Toss the lucky coin.', 'lucky_coin_tosses', 1, 100),
  a('COIN_100', 'Gambler', 'Toss the lucky coin 100 times.', 'lucky_coin_tosses', 100, 2000),
];
