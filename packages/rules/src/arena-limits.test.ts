import { describe, expect, it } from 'vitest';
import {
  arenaOfferStands,
  attacksLeft,
  closedArenaWeek,
  nextAttackDayAt,
  rankLadder,
  weeklyRewardGold,
} from './arena-limits.js';

describe('arena calendar and ladder', () => {
  it('opens the next attacks at the next UTC midnight', () => {
    const now = Date.UTC(2025, 0, 8, 23, 59);
    expect(nextAttackDayAt(now)).toBe(Date.UTC(2025, 0, 9));
    expect(attacksLeft(3)).toBe(2);
    expect(attacksLeft(7)).toBe(0);
  });

  it('keeps an offer of opponents for its 15 minutes', () => {
    const at = Date.UTC(2025, 0, 8, 12);
    expect(arenaOfferStands(at, at)).toBe(true);
    expect(arenaOfferStands(at, at + 15 * 60_000 - 1)).toBe(true);
    expect(arenaOfferStands(at, at + 15 * 60_000)).toBe(false);
  });

  it('names the ISO week that closed last', () => {
    // Monday 6 January 2025 is the first day of 2025-W02.
    expect(closedArenaWeek(Date.UTC(2025, 0, 6, 0, 0, 1))).toBe('2025-W01');
    expect(closedArenaWeek(Date.UTC(2025, 0, 12, 23))).toBe('2025-W01');
  });

  it('ranks by points, ties by the lower id, and pays places 1 to 10 that gained', () => {
    const ranked = rankLadder([
      { profileId: 3, points: 10 },
      { profileId: 1, points: 40 },
      { profileId: 2, points: 10 },
    ]);
    expect(ranked.map((r) => r.profileId)).toEqual([1, 2, 3]);
    expect(weeklyRewardGold(1, 40)).toBe(5000);
    expect(weeklyRewardGold(10, 1)).toBe(500);
    expect(weeklyRewardGold(11, 1)).toBe(0);
    expect(weeklyRewardGold(1, 0)).toBe(0);
  });
});
