import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_CONFIG } from './config.js';
import { heroName } from './hero-names.js';
import { rollHero, rollMintRarity, rollSkills, skillRange } from './heroes.js';
import { createRng } from './rng.js';
import { arbRarity } from './test-fixtures.js';
import { Rarity, Sex, isElement, isRarity, isSex } from './world.js';

/** Chi-square statistic of observed counts against expected probabilities. */
function chiSquare(counts: readonly number[], probabilities: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.reduce((sum, observed, i) => {
    const expected = total * (probabilities[i] ?? 0);
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
}
/** 99.9% quantile of chi-square with 4 degrees of freedom. */
const CHI2_4DF_999 = 18.467;

describe('skills', () => {
  it('uses the design ranges per rarity', () => {
    expect(skillRange(Rarity.Common)).toEqual({ min: 5, max: 30 });
    expect(skillRange(Rarity.Legendary)).toEqual({ min: 60, max: 100 });
  });

  it('rolls eight integers within the rarity range', () => {
    fc.assert(
      fc.property(arbRarity, fc.integer(), (rarity, seed) => {
        const skills = rollSkills(rarity, createRng(seed));
        const { min, max } = skillRange(rarity);
        expect(skills).toHaveLength(8);
        for (const value of skills) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(min);
          expect(value).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});

describe('mint rarity', () => {
  const weights = GAME_CONFIG.market.heroRarityWeights.map((w) => w / 100);

  it('follows 50/25/15/8/2 over 10,000 seeded draws (chi-square, p = 0.001)', () => {
    for (const seed of ['mint-a', 'mint-b', 'mint-c']) {
      const rng = createRng(seed);
      const counts = [0, 0, 0, 0, 0];
      for (let i = 0; i < 10_000; i++) counts[rollMintRarity(rng)]! += 1;
      expect(chiSquare(counts, weights)).toBeLessThan(CHI2_4DF_999);
    }
  });

  it('the test would catch a uniform rarity draw', () => {
    expect(chiSquare([2000, 2000, 2000, 2000, 2000], weights)).toBeGreaterThan(CHI2_4DF_999);
  });
});

describe('rollHero', () => {
  it('mints a generation-0 hero with valid fields, replayable from its seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const hero = rollHero(createRng(seed));
        expect(rollHero(createRng(seed))).toEqual(hero);
        expect(hero.generation).toBe(0);
        expect(isRarity(hero.rarity) && isSex(hero.sex) && isElement(hero.element)).toBe(true);
        const { min, max } = skillRange(hero.rarity);
        expect(Math.min(...hero.skills)).toBeGreaterThanOrEqual(min);
        expect(Math.max(...hero.skills)).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('honours a fixed rarity', () => {
    for (let seed = 0; seed < 50; seed++) {
      expect(rollHero(createRng(seed), { rarity: Rarity.Common }).rarity).toBe(Rarity.Common);
    }
  });
});

describe('heroName', () => {
  it('is deterministic, capitalised and varied', () => {
    expect(heroName(createRng(3), Sex.Female)).toBe(heroName(createRng(3), Sex.Female));
    const names = new Set(Array.from({ length: 200 }, (_, i) => heroName(createRng(i), Sex.Male)));
    expect(names.size).toBeGreaterThan(150);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+( [A-Za-z ]+)?$/);
  });
});
