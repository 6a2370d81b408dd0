import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimableGold, goldCap, landGoldView, leftoverAt, productivity } from './land-gold.js';
import { DAY, T0, arbLand, landState } from './test-fixtures.js';
import { Terrain } from './world.js';

describe('productivity', () => {
  it('is 100 gold a day for a new Valley land', () => {
    // Four towers at level 0, 25 each.
    expect(productivity([0, 0, 0, 0], Terrain.Valley)).toBe(100);
  });

  it('adds 15 per tower level and applies the terrain multiplier', () => {
    // 100 * 1.1
    expect(productivity([0, 0, 0, 0], Terrain.Forest)).toBe(110);
    // 40 + 25 * 3
    expect(productivity([1, 0, 0, 0], Terrain.Valley)).toBe(115);
    // (40 + 55 + 70 + 25) * 2.0
    expect(productivity([1, 2, 3, 0], Terrain.Arctic)).toBe(380);
    // (175 * 4) * 1.25
    expect(productivity([10, 10, 10, 10], Terrain.Mountains)).toBe(875);
    // 115 * 1.5
    expect(productivity([1, 0, 0, 0], Terrain.River)).toBe(172.5);
  });

  it('caps at seven days of production', () => {
    expect(goldCap(40)).toBe(280);
  });
});

describe('leftoverAt', () => {
  const snap = { leftover: 10, at: T0 };

  it('grows linearly with time', () => {
    expect(leftoverAt(snap, 40, T0)).toBe(10);
    expect(leftoverAt(snap, 40, T0 + DAY / 2)).toBe(30);
    expect(leftoverAt(snap, 40, T0 + 3 * DAY)).toBe(130);
  });

  it('stops at the cap', () => {
    expect(leftoverAt(snap, 40, T0 + 30 * DAY)).toBe(280);
  });

  it('keeps a snapshot already above the cap as is', () => {
    expect(leftoverAt({ leftover: 500, at: T0 }, 40, T0 + DAY)).toBe(500);
  });

  it('ignores time before the snapshot', () => {
    expect(leftoverAt(snap, 40, T0 - DAY)).toBe(10);
  });

  it('claims whole gold only', () => {
    expect(claimableGold({ leftover: 0, at: T0 }, 44, T0 + DAY / 4)).toBe(11);
    expect(claimableGold({ leftover: 0, at: T0 }, 40, T0 + DAY / 100)).toBe(0);
  });

  it('stays within 0..cap and never decreases over time until claimed', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 279, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.nat(40 * DAY),
        fc.nat(40 * DAY),
        (leftover, perDay, a, b) => {
          const snapshot = { leftover: Math.min(leftover, goldCap(perDay)), at: T0 };
          const [early, late] = a <= b ? [a, b] : [b, a];
          const first = leftoverAt(snapshot, perDay, T0 + early);
          const second = leftoverAt(snapshot, perDay, T0 + late);
          expect(first).toBeGreaterThanOrEqual(0);
          expect(second).toBeLessThanOrEqual(goldCap(perDay));
          expect(second).toBeGreaterThanOrEqual(first);
        },
      ),
    );
  });
});

describe('landGoldView', () => {
  it('shows whole leftover, cap and productivity', () => {
    const land = landState({ towers: [0, 0, 0, 0], gold: { leftover: 0.5, at: T0 } });
    // 0.5 + 100 after a day shows as 100; the cap is 7 days of 100.
    expect(landGoldView(land, T0 + DAY)).toEqual({ leftover: 100, cap: 700, productivity: 100 });
  });

  it('never shows more than the cap for any land', () => {
    fc.assert(
      fc.property(arbLand, fc.nat(30 * DAY), (land, dt) => {
        const view = landGoldView(land, T0 + dt);
        expect(view.leftover).toBeLessThanOrEqual(Math.max(view.cap, land.gold.leftover));
      }),
    );
  });
});
