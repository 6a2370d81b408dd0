import { ECONOMY_CONFIG } from './config-economy.js';
import { isElement, type Element } from './world.js';

const TRADER = ECONOMY_CONFIG.trader;

/** What the Greedy trader deals in: an item by code, a lot of elementals, or shards. */
export type TraderGood =
  | { readonly type: 'item'; readonly code: string }
  | { readonly type: 'elemental'; readonly element: Element }
  | { readonly type: 'shard'; readonly element: Element };

/** The trader's memory of what players sold him: a pressure in units and when it was taken. */
export interface PressureSnapshot {
  readonly pressure: number;
  readonly at: number;
}

/** The stable key of a good: `item:TOWER_STONE`, `elemental:2`, `shard:0`. */
export function traderKey(good: TraderGood): string {
  return good.type === 'item' ? `item:${good.code}` : `${good.type}:${good.element}`;
}

export function traderGoodOf(key: string): TraderGood | null {
  const [type, rest] = key.split(':');
  if (type === 'item' && rest && Object.hasOwn(TRADER.itemPrices, rest))
    return { type, code: rest };
  const element = /^\d$/.test(rest ?? '') ? Number(rest) : -1;
  if ((type === 'elemental' || type === 'shard') && isElement(element)) return { type, element };
  return null;
}

/** Every good the trader quotes, items first. */
export function traderGoods(): TraderGood[] {
  const elements = [0, 1, 2, 3] as const;
  return [
    ...Object.keys(TRADER.itemPrices).map((code) => ({ type: 'item' as const, code })),
    ...elements.map((element) => ({ type: 'elemental' as const, element })),
    ...elements.map((element) => ({ type: 'shard' as const, element })),
  ];
}

/** The reference price (zero pressure) of one unit, or null for a good the trader ignores. */
export function referencePrice(good: TraderGood): number | null {
  if (good.type === 'item') {
    return Object.hasOwn(TRADER.itemPrices, good.code)
      ? (TRADER.itemPrices[good.code] ?? null)
      : null;
  }
  const table = good.type === 'elemental' ? TRADER.elementalPrices : TRADER.shardPrices;
  return table[good.element] ?? null;
}

/**
 * The pressure now: it falls linearly from the snapshot to zero over the window, so the
 * trader recovers continuously and a sale's weight is gone a day after the kind's last trade.
 */
export function pressureAt(snapshot: PressureSnapshot, now: number): number {
  const elapsed = Math.max(0, now - snapshot.at);
  return snapshot.pressure * Math.max(0, 1 - elapsed / TRADER.pressureWindowMs);
}

/** What the trader pays for one unit at a pressure (whole gold, at least 1). */
export function traderBuyPrice(reference: number, pressure: number): number {
  return Math.max(1, Math.floor(reference * TRADER.pressureFactor ** pressure));
}

/** What the trader asks for one unit: the markup over his buy price, rounded up, above the bid. */
export function traderSellPrice(reference: number, pressure: number): number {
  const ask = Math.ceil(TRADER.sellMarkup * reference * TRADER.pressureFactor ** pressure);
  // At a crushing pressure both round to 1 gold: the ask stays above the bid all the same.
  return Math.max(ask, traderBuyPrice(reference, pressure) + 1);
}

export interface TradeResult {
  /** The price of the first unit: the quote the trade honours. */
  readonly unitPrice: number;
  readonly total: number;
  /** The trader's new snapshot, taken at `now`. */
  readonly after: PressureSnapshot;
}

/** A player sells `quantity` units: each unit pays the price at the pressure it meets, then adds 1. */
export function sellToTrader(
  reference: number,
  snapshot: PressureSnapshot,
  quantity: number,
  now: number,
): TradeResult {
  const pressure = pressureAt(snapshot, now);
  let total = 0;
  for (let i = 0; i < quantity; i++) total += traderBuyPrice(reference, pressure + i);
  return {
    unitPrice: traderBuyPrice(reference, pressure),
    total,
    after: { pressure: pressure + quantity, at: now },
  };
}

/**
 * A player buys `quantity` units: each costs the ask at the pressure it meets, then takes one
 * unit of pressure off (never below zero), so a sale and a buy back always lose the spread.
 */
export function buyFromTrader(
  reference: number,
  snapshot: PressureSnapshot,
  quantity: number,
  now: number,
): TradeResult {
  const pressure = pressureAt(snapshot, now);
  let total = 0;
  for (let i = 0; i < quantity; i++) total += traderSellPrice(reference, Math.max(0, pressure - i));
  return {
    unitPrice: traderSellPrice(reference, pressure),
    total,
    after: { pressure: Math.max(0, pressure - quantity), at: now },
  };
}

/** Gold a player may still receive from the trader today. */
export function traderCapLeft(soldToday: number): number {
  return Math.max(0, TRADER.dailyCapGold - soldToday);
}
