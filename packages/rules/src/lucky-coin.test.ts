import { describe, expect, it } from 'vitest';
import { ECONOMY_CONFIG } from './config-economy.js';
import { drawLuckyPrize, luckyEventState, weekendWindowOf } from './lucky-coin.js';
import { createRng } from './rng.js';

const HOUR = 3_600_000;
/** 2026-11-24 is a Tuesday; the weekend opens Saturday the 28th. */
const TUESDAY = Date.UTC(2026, 10, 24, 12);
const SATURDAY = Date.UTC(2026, 10, 28);
const MONDAY = Date.UTC(2026, 10, 30);

describe('lucky coin event', () => {
  it('opens from Saturday 00:00 to Sunday 24:00 UTC', () => {
    expect(weekendWindowOf(Date.UTC(2026, 10, 29, 23)).opensAt).toBe(SATURDAY);
    expect(luckyEventState(TUESDAY, [])).toEqual({ open: false, nextStartAt: SATURDAY });
    expect(luckyEventState(SATURDAY, [])).toEqual({ open: true, endsAt: MONDAY });
    expect(luckyEventState(MONDAY - 1, [])).toEqual({ open: true, endsAt: MONDAY });
    expect(luckyEventState(MONDAY, [])).toEqual({
      open: false,
      nextStartAt: SATURDAY + 7 * 24 * HOUR,
    });
  });

  it('opens when an operator opens it, and chains with the weekend', () => {
    const op = { opensAt: TUESDAY - HOUR, closesAt: TUESDAY + 2 * HOUR };
    expect(luckyEventState(TUESDAY, [op])).toEqual({ open: true, endsAt: TUESDAY + 2 * HOUR });
    const later = { opensAt: TUESDAY + HOUR, closesAt: TUESDAY + 3 * HOUR };
    expect(luckyEventState(TUESDAY, [later])).toEqual({ open: false, nextStartAt: later.opensAt });
    const bridge = { opensAt: SATURDAY - HOUR, closesAt: SATURDAY + HOUR };
    expect(luckyEventState(SATURDAY - HOUR, [bridge])).toEqual({ open: true, endsAt: MONDAY });
  });
});

/** 99.9% quantile of chi-square with 4 degrees of freedom. */
const CHI2_4DF_999 = 18.467;

describe('lucky coin prizes', () => {
  it('follow the table over 100,000 seeded draws (chi-square)', { timeout: 30_000 }, () => {
    const table = ECONOMY_CONFIG.luckyCoin.prizes;
    const counts = new Map<string, number>(table.map((p) => [p.kind, 0]));
    const rng = createRng('lucky-chi-square');
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const prize = drawLuckyPrize(rng, 2);
      counts.set(prize.kind, (counts.get(prize.kind) ?? 0) + 1);
      if (prize.kind === 'gold') {
        expect(prize.amount).toBeGreaterThanOrEqual(100);
        expect(prize.amount).toBeLessThanOrEqual(1000);
      }
      if (prize.kind === 'shards') expect(prize.element).toBe(2);
    }
    const chi2 = table.reduce((sum, p) => {
      const expected = (draws * p.weight) / 100;
      return sum + ((counts.get(p.kind) ?? 0) - expected) ** 2 / expected;
    }, 0);
    expect(chi2).toBeLessThan(CHI2_4DF_999);
  });

  it('replays the same prize from the same seed', () => {
    expect(drawLuckyPrize(createRng(42), 0)).toEqual(drawLuckyPrize(createRng(42), 0));
  });
});
