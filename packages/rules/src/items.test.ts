import { describe, expect, it } from 'vitest';
import { GAME_CONFIG } from './config.js';
import {
  dailyRewardOdds,
  drawDailyRewardItem,
  itemByCode,
  itemName,
  sealItemCode,
} from './items.js';
import { createRng } from './rng.js';
import { Element } from './world.js';

const oddsOf = (luck: number, code: string): number =>
  dailyRewardOdds(luck).find((entry) => entry.code === code)?.probability ?? NaN;

describe('item catalogue', () => {
  it('names seal items by element', () => {
    expect(sealItemCode(Element.Air)).toBe('SEAL_AIR');
    expect(sealItemCode(Element.Earth)).toBe('SEAL_EARTH');
    expect(itemByCode('SEAL_FIRE')).toEqual({
      item_code: 'SEAL_FIRE',
      item_name: 'Fire Seal',
      item_type: 'item',
    });
    expect(itemByCode('LUCKY_COIN')?.item_type).toBe('stuff');
    expect(itemName('NOPE')).toBe('NOPE');
  });
});

describe('daily reward odds', () => {
  it('are the table weights in percent at Luck 0', () => {
    for (const entry of GAME_CONFIG.dailyReward.table) {
      expect(oddsOf(0, entry.code)).toBeCloseTo(entry.weight / 100, 12);
    }
  });

  it('sum to one at any Luck', () => {
    for (const luck of [0, 17, 50, 100]) {
      const total = dailyRewardOdds(luck).reduce((sum, entry) => sum + entry.probability, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('favour rarer items as Luck grows', () => {
    // ANCIENT_SCROLL: 7 * (1 + 3 * 100 / 100) = 28 of 45 + 20 + 12*2 + 16*3 + 28 = 165.
    expect(oddsOf(100, 'ANCIENT_SCROLL')).toBeCloseTo(28 / 165, 12);
    for (let luck = 0; luck < 100; luck += 10) {
      expect(oddsOf(luck + 10, 'ANCIENT_SCROLL')).toBeGreaterThan(oddsOf(luck, 'ANCIENT_SCROLL'));
      expect(oddsOf(luck + 10, 'TOWER_STONE')).toBeLessThan(oddsOf(luck, 'TOWER_STONE'));
    }
  });

  it('draws match the odds', () => {
    const rng = createRng('daily');
    let scrolls = 0;
    for (let i = 0; i < 20_000; i++)
      if (drawDailyRewardItem(rng, 100) === 'ANCIENT_SCROLL') scrolls++;
    expect(scrolls / 20_000).toBeCloseTo(28 / 165, 1);
  });
});
