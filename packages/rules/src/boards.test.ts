import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBoardEntries, compareBoardKeys, isBoardType } from './boards.js';

const row = (profileId: number, score: number, reachedAt = 0) => ({ profileId, score, reachedAt });

describe('board order', () => {
  it('ranks by score, then who reached it first, then profile id', () => {
    const rows = [row(3, 10, 5), row(1, 20), row(2, 10, 5), row(4, 10, 1)];
    expect(rows.sort(compareBoardEntries).map((r) => r.profileId)).toEqual([1, 4, 2, 3]);
  });

  it('is total: no two rows of different players tie, whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ profileId: fc.nat(1000), score: fc.nat(50), reachedAt: fc.nat(5) }),
          { selector: (r) => r.profileId },
        ),
        (rows) => {
          const ranked = [...rows].sort(compareBoardEntries);
          expect([...rows].reverse().sort(compareBoardEntries)).toEqual(ranked);
          ranked.forEach((r, i) => {
            const next = ranked[i + 1];
            if (next) expect(compareBoardEntries(r, next)).toBeLessThan(0);
            const k = compareBoardKeys(r.score, r.reachedAt, r.profileId, 0, 0, 0);
            expect(Math.sign(k)).toBe(Math.sign(compareBoardEntries(r, row(0, 0))));
          });
        },
      ),
    );
  });

  it('knows the two board types', () => {
    expect(isBoardType('TOP_GOLD_CLAIMERS')).toBe(true);
    expect(isBoardType('TOP_XP_GAINERS')).toBe(true);
    expect(isBoardType('TOP_LOSERS')).toBe(false);
  });
});
