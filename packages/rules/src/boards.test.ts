import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardView, compareBoardEntries, isBoardType, rankBoard } from './boards.js';

const row = (profileId: number, score: number, reachedAt = 0) => ({
  profileId,
  score,
  reachedAt,
  profilename: `p${profileId}`,
});

describe('rankBoard', () => {
  it('ranks by score, then who reached it first, then profile id', () => {
    const ranked = rankBoard([row(3, 10, 5), row(1, 20), row(2, 10, 5), row(4, 10, 1)]);
    expect(ranked.map((r) => [r.profileId, r.rank])).toEqual([
      [1, 1],
      [4, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(ranked[0]?.profilename).toBe('p1');
  });

  it('does not depend on input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ profileId: fc.nat(1000), score: fc.nat(50), reachedAt: fc.nat(5) }),
          {
            selector: (r) => r.profileId,
          },
        ),
        (rows) => {
          const ranked = rankBoard(rows);
          expect(rankBoard([...rows].reverse())).toEqual(ranked);
          ranked.forEach((r, i) => {
            expect(r.rank).toBe(i + 1);
            const next = ranked[i + 1];
            if (next) expect(compareBoardEntries(r, next)).toBeLessThan(0);
          });
        },
      ),
    );
  });
});

describe('boardView', () => {
  const rows = Array.from({ length: 150 }, (_, i) => row(i + 1, 1000 - i));

  it('returns the top 100 and the caller even outside them', () => {
    const view = boardView(rows, 120);
    expect(view.data).toHaveLength(100);
    expect(view.profileData).toEqual({ rank: 120, score: 881 });
  });

  it('has no profileData for a caller without a score', () => {
    expect(boardView(rows, 9999).profileData).toBeNull();
  });

  it('knows the two board types', () => {
    expect(isBoardType('TOP_GOLD_CLAIMERS')).toBe(true);
    expect(isBoardType('TOP_XP_GAINERS')).toBe(true);
    expect(isBoardType('TOP_LOSERS')).toBe(false);
  });
});
