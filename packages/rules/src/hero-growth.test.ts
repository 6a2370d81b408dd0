import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  heroLevelXp,
  heroXpFor,
  levelUpCost,
  pointsLeft,
  spendUpskills,
  sumSkills,
  upskillPoints,
  xpToNextLevel,
} from './hero-growth.js';
import { skills } from './test-fixtures.js';
import type { Skills } from './world.js';

describe('hero XP and levels', () => {
  it('gives a fifth of the profile XP, at least 1', () => {
    expect(heroXpFor(2200)).toBe(440);
    expect(heroXpFor(4)).toBe(1);
    expect(heroXpFor(0)).toBe(1);
    expect(heroXpFor(999)).toBe(199);
  });

  it('needs 4,000 / 10,000 / 25,000 / 45,000 / 65,000 cumulative XP', () => {
    expect([1, 2, 3, 4, 5].map(heroLevelXp)).toEqual([4000, 10_000, 25_000, 45_000, 65_000]);
    expect(() => heroLevelXp(6)).toThrow(RangeError);
    expect(xpToNextLevel(0, 1500)).toBe(2500);
    expect(xpToNextLevel(1, 12_000)).toBe(0);
    expect(xpToNextLevel(5, 90_000)).toBeNull();
  });

  it('costs 500 L^2 gold and 200 L elementals, and gives 8 points a level', () => {
    expect(levelUpCost(1)).toEqual({ gold: 500, elementals: 200 });
    expect(levelUpCost(5)).toEqual({ gold: 12_500, elementals: 1000 });
    expect(upskillPoints(3)).toBe(24);
  });
});

const arbBase = fc.tuple(...Array.from({ length: 8 }, () => fc.integer({ min: 5, max: 100 })));
const arbSpend = fc.array(fc.integer({ min: -2, max: 30 }), { minLength: 7, maxLength: 9 });

describe('spendUpskills', () => {
  const growth = { level: 2, base: skills(90), upskills: skills(0) };

  it('adds the points and keeps what is left', () => {
    const next = spendUpskills(growth, [5, 0, 0, 0, 3, 0, 0, 2]);
    expect(next).toEqual([5, 0, 0, 0, 3, 0, 0, 2]);
    expect(pointsLeft({ level: 2, upskills: next as Skills })).toBe(6);
  });

  it('refuses a skill past 100, more than the points, or a malformed list', () => {
    expect(spendUpskills(growth, [11, 0, 0, 0, 0, 0, 0, 0])).toMatchObject({
      reason: 'skills',
      message: 'Mastery can rise by at most 10 (the cap is 100).',
    });
    expect(spendUpskills(growth, [10, 7, 0, 0, 0, 0, 0, 0])).toMatchObject({
      reason: 'points',
      message: 'That spends 17 points, but the hero has 16 left.',
    });
    expect(spendUpskills(growth, [1, 2, 3])).toMatchObject({ reason: 'skills' });
    expect(spendUpskills(growth, [1.5, 0, 0, 0, 0, 0, 0, 0])).toMatchObject({ reason: 'skills' });
    expect(spendUpskills(growth, [-1, 0, 0, 0, 0, 0, 0, 0])).toMatchObject({ reason: 'skills' });
  });

  it('never accepts an allocation past 100 or past the points the levels gave', () => {
    fc.assert(
      fc.property(
        arbBase,
        fc.integer({ min: 0, max: 5 }),
        fc.array(arbSpend, { maxLength: 6 }),
        (base, level, spends) => {
          let upskills = skills(0);
          for (const spend of spends) {
            const next = spendUpskills({ level, base: base as unknown as Skills, upskills }, spend);
            if (!Array.isArray(next)) continue;
            upskills = next as Skills;
            expect(upskills.every((v, i) => v >= 0 && base[i]! + v <= 100)).toBe(true);
            expect(sumSkills(upskills)).toBeLessThanOrEqual(upskillPoints(level));
          }
        },
      ),
    );
  });
});
