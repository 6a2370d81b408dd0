/**
 * Profile frames and the profiles rating (docs/game-rules.md, Profile frames and Profiles
 * rating). The rating's weights, and the towers' gold per day (`land`), are mirrored by the
 * database function `aleph_assets_power` (migrations "records_power", then "power_tower_gold"):
 * a change to either needs a migration; a server test checks the two agree.
 */
export const RECORDS_CONFIG = {
  frames: [
    { id: 'none', name: 'No frame', profileLevel: 0, legendary: false },
    { id: 'silver', name: 'Silver frame', profileLevel: 5, legendary: false },
    { id: 'legendary', name: 'Legendary frame', profileLevel: 10, legendary: true },
  ],
  rating: {
    /** Power of each profile level. */
    profileLevelWeight: 1000,
    /** Each tower adds its gold per day times the terrain multiplier (rounded) ... */
    towerProductionWeight: 1,
    /** ... and its vault cap divided by this. */
    vaultCapDivisor: 100,
    /** Each hero adds the sum of its eight skills plus this per hero level. */
    heroLevelWeight: 100,
  },
  log: { defaultLimit: 20, maxLimit: 100 },
  ratingPage: { defaultLimit: 20, maxLimit: 100 },
} as const;
