import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, rollChance, weightedIndex, weightedPick } from './rng.js';

const draws = (seed: number | string, n = 5): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('createRng', () => {
  it('replays the same stream for the same seed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), (seed) => {
        expect(draws(seed)).toEqual(draws(seed));
      }),
    );
  });

  it('gives unrelated streams for neighbouring seeds and for number vs string', () => {
    expect(draws(1)).not.toEqual(draws(2));
    expect(draws('a')).not.toEqual(draws('b'));
    expect(draws(1)).not.toEqual(draws('1'));
  });

  it('next() stays in [0, 1) and int() within its inclusive bounds', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        fc.nat(100),
        (seed, min, span) => {
          const rng = createRng(seed);
          for (let i = 0; i < 20; i++) {
            const x = rng.next();
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThan(1);
            const n = rng.int(min, min + span);
            expect(Number.isInteger(n)).toBe(true);
            expect(n).toBeGreaterThanOrEqual(min);
            expect(n).toBeLessThanOrEqual(min + span);
          }
        },
      ),
    );
  });

  it('reaches both ends of an int range', () => {
    const rng = createRng('ends');
    const seen = new Set(Array.from({ length: 200 }, () => rng.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('rejects bad ranges and empty picks', () => {
    const rng = createRng(0);
    expect(() => rng.int(3, 1)).toThrow(RangeError);
    expect(() => rng.int(0.5, 2)).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});

describe('weighted draws', () => {
  it('never picks a zero weight', () => {
    const rng = createRng('zero');
    for (let i = 0; i < 500; i++) expect(weightedIndex(rng, [0, 3, 0, 1])).not.toBe(0);
  });

  it('follows the weights roughly', () => {
    const rng = createRng('ratio');
    const counts = [0, 0];
    for (let i = 0; i < 4000; i++) counts[weightedIndex(rng, [1, 3])]! += 1;
    expect(counts[1]! / 4000).toBeCloseTo(0.75, 1);
  });

  it('weightedPick returns items and rejects an all-zero list', () => {
    const rng = createRng(1);
    expect(weightedPick(rng, ['a', 'b'], (s) => (s === 'b' ? 1 : 0))).toBe('b');
    expect(() => weightedIndex(rng, [0, 0])).toThrow(RangeError);
  });

  it('rollChance is certain at 1 and impossible at 0', () => {
    const rng = createRng(5);
    for (let i = 0; i < 100; i++) {
      expect(rollChance(rng, 1)).toBe(true);
      expect(rollChance(rng, 0)).toBe(false);
    }
  });
});
