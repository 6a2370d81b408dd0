import { GAME_CONFIG } from './config.js';
import { weightedPick, type Rng } from './rng.js';
import { ELEMENT_NAMES, type Element } from './world.js';

const CATALOGUE = GAME_CONFIG.items;
const DAILY = GAME_CONFIG.dailyReward;

export type ItemType = 'item' | 'stuff';

/** A catalogue entry; field names are the API's inventory item fields (docs/api.md). */
export interface ItemDef {
  readonly item_code: string;
  readonly item_name: string;
  readonly item_type: ItemType;
}

export const ITEMS: readonly ItemDef[] = CATALOGUE.catalogue;
export const TOWER_STONE: string = CATALOGUE.towerStoneCode;

export function itemByCode(code: string): ItemDef | undefined {
  return ITEMS.find((item) => item.item_code === code);
}

/** 'SEAL_AIR', 'SEAL_FIRE', 'SEAL_WATER' or 'SEAL_EARTH'. */
export function sealItemCode(element: Element): string {
  return CATALOGUE.sealItemPrefix + ELEMENT_NAMES[element].toUpperCase();
}

export function itemName(code: string): string {
  return itemByCode(code)?.item_name ?? code;
}

type DailyEntry = (typeof DAILY.table)[number];

function luckWeight(entry: DailyEntry, luck: number): number {
  return entry.weight * (1 + (entry.tier * luck) / DAILY.luckPerTier);
}

export interface ItemOdds {
  readonly code: string;
  readonly probability: number;
}

/** The chance of each daily-reward item for a hero with this Luck. */
export function dailyRewardOdds(luck: number): ItemOdds[] {
  const weights = DAILY.table.map((entry) => luckWeight(entry, luck));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return DAILY.table.map((entry, i) => ({
    code: entry.code,
    probability: (weights[i] ?? 0) / total,
  }));
}

/** One daily-reward item code, drawn by Luck (one rng draw). */
export function drawDailyRewardItem(rng: Rng, luck: number): string {
  return weightedPick(rng, DAILY.table, (entry) => luckWeight(entry, luck)).code;
}
