import type { Rarity, Rng } from '@aleph/rules';
import type { BazaarCurrency } from '@aleph/contracts';
import { marketPrice, SEAL_CODES, type DemoGood } from './demo-bazaar-prices.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A trader's wares and treasury arrive an hour after joining; they trade from two hours on. */
export const STOCKED_AFTER = HOUR;
export const READY_AFTER = 2 * HOUR;

/** A demo player who may trade (profile level 2 or more), and when they joined. */
export interface Trader {
  id: number;
  joined: number;
}

export interface PlannedBid {
  bidder: number;
  amount: number;
  at: number;
}

/** One listing of the demo's Bazaar, made by the Bazaar's own functions at `listedAt`. */
export interface PlannedListing {
  n: number;
  seller: number;
  good: DemoGood;
  currency: BazaarCurrency;
  /** The fixed price, or an auction's start price. */
  price: number;
  auction: { days: 1 | 3 | 7; buyNow?: number } | null;
  listedAt: number;
  /** A past sale: bought (at the price, or an auction's buy-now) by `buyer` at `at`. */
  sale: { buyer: number; at: number } | null;
  bids: PlannedBid[];
}

/**
 * The price history's series and how many sales each has a day: Common heroes
 * and tower stones sell most days, the rarest things now and then. Kept to about seventy sales,
 * since each is a real listing and purchase and the demo world is made on a first start.
 */
const DAILY: ReadonlyArray<{
  rate: number;
  currency: BazaarCurrency;
  good: (r: Rng) => DemoGood;
}> = [
  ...[0.85, 0.3, 0.15, 0.08, 0.05].map((rate, rarity) => ({
    rate,
    currency: 'gold' as const,
    good: () => ({ kind: 'hero' as const, rarity: rarity as Rarity }),
  })),
  {
    rate: 0.05,
    currency: 'platinum',
    good: (r) => ({ kind: 'hero', rarity: r.int(2, 4) as Rarity }),
  },
  ...[0, 1, 2, 3, 4].map((terrain) => ({
    rate: 0.07,
    currency: 'gold' as const,
    good: () => ({ kind: 'land' as const, terrain: terrain as 0 }),
  })),
  {
    rate: 0.02,
    currency: 'platinum',
    good: (r) => ({ kind: 'land', terrain: r.int(0, 4) as 0 }),
  },
  { rate: 0.35, currency: 'gold', good: (r) => goods('TOWER_STONE', r.int(1, 5)) },
  { rate: 0.08, currency: 'gold', good: (r) => goods('SKILL_POT', r.int(1, 3)) },
  { rate: 0.06, currency: 'gold', good: (r) => goods('LUCKY_COIN', r.int(1, 4)) },
  { rate: 0.06, currency: 'gold', good: (r) => goods(r.pick(SEAL_CODES), 1) },
  { rate: 0.03, currency: 'gold', good: () => goods('ANCIENT_SCROLL', 1) },
  {
    rate: 0.07,
    currency: 'gold',
    good: (r) => ({ ...goods('shards', r.int(2, 8)), elemid: r.int(0, 3) }),
  },
];

export const goods = (item: string, quantity: number): DemoGood => ({
  kind: 'goods',
  item,
  quantity,
});

/** A trader who had joined (and been stocked) by `at`, other than `not`. */
export function someone(traders: readonly Trader[], at: number, rng: Rng, not = -1): number | null {
  const ready = traders.filter((t) => t.joined + READY_AFTER <= at && t.id !== not);
  return ready.length === 0 ? null : rng.pick(ready).id;
}

/**
 * Thirty days of sales, each in its UTC day (today up to now): the hero rarities, land
 * terrains and common items of docs/game-rules.md's price history. Every twelfth is the
 * veteran's; the veteran buys nothing, so the kingdom the demo shows stays as it was.
 */
export function planHistory(traders: readonly Trader[], veteranId: number, now: number, rng: Rng) {
  const out: PlannedListing[] = [];
  const phase = DAILY.map(() => rng.next());
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    const dayStart = Math.floor((now - daysAgo * DAY) / DAY) * DAY;
    const dayEnd = Math.min(dayStart + DAY, now - 10 * 60_000);
    if (dayEnd - dayStart < HOUR) continue;
    for (const [s, series] of DAILY.entries()) {
      // Evenly spread: a series selling 0.3 a day sells on every third or fourth day.
      const k = 29 - daysAgo;
      const due = (d: number) => Math.floor(d * series.rate + phase[s]!);
      if (due(k + 1) === due(k)) continue;
      const at = dayStart + Math.floor(rng.next() * (dayEnd - dayStart));
      const listedAt = at - HOUR - Math.floor(rng.next() * 59 * HOUR);
      const good = series.good(rng);
      const seller =
        out.length % 12 === 0 ? veteranId : (someone(traders, listedAt, rng) ?? veteranId);
      const buyer = someone(traders, at, rng, seller);
      if (buyer === null) continue;
      const price = marketPrice(good, series.currency, daysAgo, rng);
      // Some of the sales were auctions bought at their buy-now price.
      const byAuction = good.kind !== 'goods' && rng.next() < 0.15;
      out.push({
        n: 0,
        seller,
        good,
        currency: series.currency,
        price: byAuction ? Math.max(1, Math.round(price * 0.75)) : price,
        auction: byAuction ? { days: 3, buyNow: price } : null,
        listedAt,
        sale: { buyer, at },
        bids: [],
      });
    }
  }
  return out;
}
