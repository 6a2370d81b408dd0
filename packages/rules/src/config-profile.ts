/** Profile levels (docs/game-rules.md, Profile): XP needed to reach the level, features it unlocks. */
export const PROFILE_CONFIG = {
  featurePrefix: 'profileLevel',
  levels: [
    { level: 1, xp: 19412, features: ['Top Experience Gainers widget'] },
    {
      level: 2,
      xp: 29118,
      features: [
        'Hero Selector page',
        'Gold production attention widget',
        'Top Gold Claimers widget',
        'Daily Missions status widget',
        'Hunt Seal mission',
      ],
    },
    { level: 3, xp: 43678, features: ['Vault upgrade mission', 'Profile achievements page'] },
    { level: 4, xp: 65517, features: ['Mission Log', 'use pots to boost skills'] },
    { level: 5, xp: 98275, features: ['World statistics', 'Lucky coin event', 'Profile frame'] },
    { level: 6, xp: 147412, features: ['Hero skills upgrade'] },
    { level: 7, xp: 221118, features: ['Greedy trader', 'Profiles rating', 'Seal improvements'] },
    { level: 8, xp: 331678, features: ['Secret market'] },
    { level: 9, xp: 497517, features: ['Unique missions'] },
    { level: 10, xp: 746275, features: ['Arena', 'future features', 'Profile frame'] },
  ],
  /** VIP level i needs vipThresholds[i] VIP points (one point per platinum bought). */
  vipThresholds: [0, 100, 500, 2000, 10000, 50000],
} as const;
