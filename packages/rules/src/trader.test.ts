import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ECONOMY_CONFIG } from './config-economy.js';
import {
  buyFromTrader,
  pressureAt,
  referencePrice,
  sellToTrader,
  traderBuyPrice,
  traderGoodOf,
  traderGoods,
  traderKey,
  traderSellPrice,
  type PressureSnapshot,
} from './trader.js';
import { utcDayStart } from './time.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 24, 12);

describe('trader prices', () => {
  it('pays the reference price at zero pressure and 2% less per unit sold', () => {
    expect(traderBuyPrice(1000, 0)).toBe(1000);
    expect(traderBuyPrice(1000, 1)).toBe(980);
    expect(traderBuyPrice(1000, 2)).toBe(960);
    expect(traderSellPrice(1000, 0)).toBe(1500);
    expect(traderSellPrice(1000, 1)).toBe(1470);
  });

  it('recovers linearly: half the pressure after 12 h, none after 24 h', () => {
    const snap = { pressure: 10, at: T0 };
    expect(pressureAt(snap, T0)).toBe(10);
    expect(pressureAt(snap, T0 + DAY / 2)).toBeCloseTo(5);
    expect(pressureAt(snap, T0 + DAY)).toBe(0);
    expect(pressureAt(snap, T0 + 3 * DAY)).toBe(0);
  });

  it('prices each unit of a sale at the pressure it meets', () => {
    const sale = sellToTrader(1000, { pressure: 0, at: T0 }, 3, T0);
    expect(sale).toEqual({
      unitPrice: 1000,
      total: 1000 + 980 + 960,
      after: { pressure: 3, at: T0 },
    });
    const buy = buyFromTrader(1000, sale.after, 2, T0);
    expect(buy.total).toBe(traderSellPrice(1000, 3) + traderSellPrice(1000, 2));
    expect(buy.after.pressure).toBe(1);
  });

  it('knows every good it quotes and nothing else', () => {
    for (const good of traderGoods()) {
      expect(traderGoodOf(traderKey(good))).toEqual(good);
      expect(referencePrice(good)).toBeGreaterThan(0);
    }
    for (const bad of [
      'item:GOLD',
      'item:toString',
      'shard:4',
      'shard:',
      'elemental:x',
      'hero:1',
    ]) {
      expect(traderGoodOf(bad)).toBeNull();
    }
  });

  it('counts the daily cap from midnight UTC', () => {
    expect(utcDayStart(T0)).toBe(Date.UTC(2026, 10, 24));
    expect(ECONOMY_CONFIG.trader.dailyCapGold).toBe(20_000);
  });
});

/** One trade of a sequence at the same instant: sell or buy `qty` units. */
const arbTrade = fc.record({ sell: fc.boolean(), qty: fc.integer({ min: 1, max: 40 }) });
const arbSnapshot = fc.record({
  pressure: fc.double({ min: 0, max: 300, noNaN: true }),
  at: fc.integer({ min: T0 - 2 * DAY, max: T0 }),
});
const arbReference = fc.integer({ min: 1, max: 5000 });

function run(reference: number, start: PressureSnapshot, trades: { sell: boolean; qty: number }[]) {
  let snap = start;
  let gold = 0;
  let units = 0;
  for (const t of trades) {
    const r = t.sell
      ? sellToTrader(reference, snap, t.qty, T0)
      : buyFromTrader(reference, snap, t.qty, T0);
    gold += t.sell ? r.total : -r.total;
    units += t.sell ? -t.qty : t.qty;
    snap = r.after;
    expect(r.unitPrice).toBeGreaterThan(0);
    expect(r.after.pressure).toBeGreaterThanOrEqual(0);
  }
  return { gold, units };
}

describe('no gold out of nothing', () => {
  it('a player who ends with at least the units he started with has lost gold', () => {
    fc.assert(
      fc.property(
        arbReference,
        arbSnapshot,
        fc.array(arbTrade, { minLength: 1, maxLength: 12 }),
        (ref, snap, trades) => {
          const { gold, units } = run(ref, snap, trades);
          if (units >= 0) expect(gold).toBeLessThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a sale and its buy back lose at least the spread', () => {
    fc.assert(
      fc.property(arbReference, arbSnapshot, fc.integer({ min: 1, max: 50 }), (ref, snap, qty) => {
        const sold = sellToTrader(ref, snap, qty, T0);
        const bought = buyFromTrader(ref, sold.after, qty, T0);
        expect(bought.total).toBeGreaterThanOrEqual(Math.floor(sold.total * 1.47));
        const first = buyFromTrader(ref, snap, qty, T0);
        const back = sellToTrader(ref, first.after, qty, T0);
        expect(back.total).toBeLessThan(first.total);
      }),
    );
  });

  it('keeps every price positive however much is sold', () => {
    fc.assert(
      fc.property(arbReference, fc.double({ min: 0, max: 1e6, noNaN: true }), (ref, pressure) => {
        expect(traderBuyPrice(ref, pressure)).toBeGreaterThanOrEqual(1);
        expect(traderSellPrice(ref, pressure)).toBeGreaterThanOrEqual(
          traderBuyPrice(ref, pressure),
        );
      }),
    );
  });
});
