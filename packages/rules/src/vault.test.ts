import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY, T0, landState } from './test-fixtures.js';
import {
  addElementals,
  drainFor,
  sealName,
  vaultCap,
  vaultView,
  volumeAt,
  withdrawElementals,
} from './vault.js';

describe('vault parameters', () => {
  it('drains by seal level', () => {
    expect(drainFor(0)).toBe(0.1);
    expect(drainFor(3)).toBe(0.045);
    expect(drainFor(5)).toBe(0.02);
    expect(() => drainFor(6)).toThrow(RangeError);
    expect(sealName(4)).toBe('Epic');
  });

  it('caps at 1000 per tower level plus one', () => {
    expect(vaultCap(0)).toBe(1000);
    expect(vaultCap(10)).toBe(11000);
  });
});

describe('volumeAt', () => {
  const snap = { volume: 1000, at: T0 };

  it('decays continuously by (1 - drain)^days', () => {
    expect(volumeAt(snap, 0, 1000, T0 + DAY)).toBeCloseTo(900, 9);
    expect(volumeAt(snap, 0, 1000, T0 + 2 * DAY)).toBeCloseTo(810, 9);
    expect(volumeAt(snap, 5, 1000, T0 + DAY / 2)).toBeCloseTo(1000 * Math.sqrt(0.98), 9);
  });

  it('never exceeds the cap', () => {
    expect(volumeAt({ volume: 5000, at: T0 }, 5, 2000, T0)).toBe(2000);
  });

  it('stays in 0..cap and never grows without additions', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 10 }),
        fc.nat(20 * DAY),
        fc.nat(20 * DAY),
        (volume, seals, level, a, b) => {
          const cap = vaultCap(level);
          const [early, late] = a <= b ? [a, b] : [b, a];
          const first = volumeAt({ volume, at: T0 }, seals, cap, T0 + early);
          const second = volumeAt({ volume, at: T0 }, seals, cap, T0 + late);
          expect(first).toBeLessThanOrEqual(cap);
          expect(second).toBeGreaterThanOrEqual(0);
          expect(second).toBeLessThanOrEqual(first);
        },
      ),
    );
  });
});

describe('adding and withdrawing', () => {
  it('adds whole elementals up to the cap and reports what fitted', () => {
    const full = addElementals({ volume: 1990, at: T0 }, 5, 2000, 30, T0);
    expect(full.amount).toBe(10);
    expect(full.snapshot).toEqual({ volume: 2000, at: T0 });
    const some = addElementals({ volume: 100, at: T0 }, 5, 2000, 30.7, T0);
    expect(some.amount).toBe(30);
  });

  it('adds to the decayed volume at now', () => {
    // 1,000 drained by 10 % over a day is 900, plus 100.
    const change = addElementals({ volume: 1000, at: T0 }, 0, 2000, 100, T0 + DAY);
    expect(change.snapshot.volume).toBeCloseTo(1000, 9);
    expect(change.snapshot.at).toBe(T0 + DAY);
  });

  it('withdraws exactly or refuses', () => {
    expect(withdrawElementals({ volume: 500, at: T0 }, 5, 2000, 200, T0)?.snapshot.volume).toBe(
      300,
    );
    // 500 drained by 10 % over a day is 450: 460 is more than the vault holds.
    expect(withdrawElementals({ volume: 500, at: T0 }, 0, 2000, 460, T0 + DAY)).toBeNull();
  });

  it('never leaves the vault above its cap', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 3000, noNaN: true }), fc.nat(5000), (volume, amount) => {
        const change = addElementals({ volume, at: T0 }, 2, 3000, amount, T0 + DAY);
        expect(change.snapshot.volume).toBeLessThanOrEqual(3000);
        expect(change.amount).toBeGreaterThanOrEqual(0);
        expect(change.amount).toBeLessThanOrEqual(amount);
      }),
    );
  });
});

describe('vaultView', () => {
  it('shows whole volumes per element with cap, seals and drain', () => {
    const view = vaultView(landState(), T0);
    expect(view).toHaveLength(4);
    expect(view[0]).toEqual({ volume: 3000, cap: 3000, seals: 1, steps: 0, drain: 0.08 });
  });
});
