import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eloChange, eloExpected } from './elo.js';

describe('Elo', () => {
  it('moves 16 points between equal ratings (K = 32)', () => {
    expect(eloExpected(1000, 1000)).toBe(0.5);
    expect(eloChange(1000, 1000, true)).toEqual({ attacker: 16, defender: -16 });
    expect(eloChange(1000, 1000, false)).toEqual({ attacker: -16, defender: 16 });
  });

  it('pays an upset more than an expected win', () => {
    // Expected score of 1000 against 1200: 1 / (1 + 10^0.5) = 0.2403; 32 x 0.7597 = 24.3.
    expect(eloChange(1000, 1200, true).attacker).toBe(24);
    expect(eloChange(1200, 1000, true).attacker).toBe(8);
  });

  it('sums to zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.boolean(),
        (a, d, won) => {
          const change = eloChange(a, d, won);
          expect(change.attacker + change.defender).toBe(0);
          expect(Math.abs(change.attacker)).toBeLessThanOrEqual(32);
        },
      ),
    );
  });
});
