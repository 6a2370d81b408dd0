/**
 * The item catalogue and the daily-reward table. Codes are stable identifiers stored in
 * land inventories; names are shown to players.
 */
export const ITEMS_CONFIG = {
  towerStoneCode: 'TOWER_STONE',
  /** Seal items are `SEAL_` + the upper-case element name (SEAL_AIR ... SEAL_EARTH). */
  sealItemPrefix: 'SEAL_',
  catalogue: [
    { item_code: 'TOWER_STONE', item_name: 'Tower Stone', item_type: 'item' },
    { item_code: 'SEAL_AIR', item_name: 'Air Seal', item_type: 'item' },
    { item_code: 'SEAL_FIRE', item_name: 'Fire Seal', item_type: 'item' },
    { item_code: 'SEAL_WATER', item_name: 'Water Seal', item_type: 'item' },
    { item_code: 'SEAL_EARTH', item_name: 'Earth Seal', item_type: 'item' },
    { item_code: 'SKILL_POT', item_name: 'Skill Pot', item_type: 'stuff' },
    { item_code: 'LUCKY_COIN', item_name: 'Lucky Coin', item_type: 'stuff' },
    { item_code: 'ANCIENT_SCROLL', item_name: 'Ancient Scroll', item_type: 'stuff' },
  ],
} as const;

/**
 * One item per daily reward, drawn by weight. Luck favours rarer tiers:
 * `effective weight = weight * (1 + tier * Luck / luckPerTier)`, so with Luck 0 the odds are
 * the weights in percent, and with Luck 100 a tier-3 item is four times as likely.
 */
export const DAILY_REWARD_CONFIG = {
  luckPerTier: 100,
  table: [
    { code: 'TOWER_STONE', weight: 45, tier: 0 },
    { code: 'SKILL_POT', weight: 20, tier: 0 },
    { code: 'LUCKY_COIN', weight: 12, tier: 1 },
    { code: 'SEAL_AIR', weight: 4, tier: 2 },
    { code: 'SEAL_FIRE', weight: 4, tier: 2 },
    { code: 'SEAL_WATER', weight: 4, tier: 2 },
    { code: 'SEAL_EARTH', weight: 4, tier: 2 },
    { code: 'ANCIENT_SCROLL', weight: 7, tier: 3 },
  ],
} as const;
