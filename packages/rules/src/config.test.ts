import { describe, expect, it } from 'vitest';
import { GAME_CONFIG } from './config.js';
import { ITEMS, sealItemCode } from './items.js';
import { ELEMENTS } from './world.js';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

describe('GAME_CONFIG', () => {
  it('holds the design numbers', () => {
    expect(GAME_CONFIG.land.terrainMultiplier).toEqual([1, 1.1, 1.25, 1.5, 2]);
    expect(GAME_CONFIG.vault.drainBySeal).toEqual([0.1, 0.08, 0.06, 0.045, 0.03, 0.02]);
    expect(GAME_CONFIG.profile.vipThresholds).toEqual([0, 100, 500, 2000, 10000, 50000]);
    expect(GAME_CONFIG.market.heroRarityWeights).toEqual([50, 25, 15, 8, 2]);
    expect(GAME_CONFIG.time.minutesPerDay * GAME_CONFIG.time.msPerMinute).toBe(
      GAME_CONFIG.time.msPerDay,
    );
  });

  it('has a seal name per seal level and a drain that falls with each seal', () => {
    const { drainBySeal, sealNames, maxSeal } = GAME_CONFIG.vault;
    expect(sealNames).toHaveLength(maxSeal + 1);
    expect(drainBySeal).toHaveLength(maxSeal + 1);
    for (let i = 1; i < drainBySeal.length; i++) {
      expect(drainBySeal[i]).toBeLessThan(drainBySeal[i - 1] ?? 0);
    }
  });

  it('has weights that sum to 100 percent', () => {
    expect(sum(GAME_CONFIG.market.heroRarityWeights)).toBe(100);
    expect(sum(GAME_CONFIG.market.landTerrainWeights)).toBe(100);
    expect(sum(GAME_CONFIG.dailyReward.table.map((entry) => entry.weight))).toBe(100);
  });

  it('has profile levels 1..10 with rising XP', () => {
    const levels = GAME_CONFIG.profile.levels;
    expect(levels.map((row) => row.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]?.xp).toBeGreaterThan(levels[i - 1]?.xp ?? Infinity);
    }
  });

  it('draws daily rewards only from catalogued items, and catalogues every seal item', () => {
    const codes = ITEMS.map((item) => item.item_code);
    for (const entry of GAME_CONFIG.dailyReward.table) expect(codes).toContain(entry.code);
    for (const element of ELEMENTS) expect(codes).toContain(sealItemCode(element));
    expect(new Set(codes).size).toBe(codes.length);
  });
});
