import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FRAME_IDS,
  RECORDS_CONFIG,
  frameUnlocked,
  heroPower,
  landPower,
  playerPower,
  towerPower,
} from './records.js';
import { Terrain } from './world.js';

describe('power', () => {
  it('adds tower productivity by terrain and vault caps, hero skills and levels, and the profile level', () => {
    // A Valley tower at 0: 25 gold a day and a 1,000 cap (10); a River tower at 2: 55 x 1.5
    // (82.5, rounded to 83) and a 3,000 cap (30).
    expect(towerPower(0, Terrain.Valley)).toBe(35);
    expect(towerPower(2, Terrain.River)).toBe(83 + 30);
    expect(landPower([0, 0, 0, 0], Terrain.Valley)).toBe(140);
    expect(heroPower([10, 10, 10, 10, 10, 10, 10, 10], [1, 0, 0, 0, 0, 0, 0, 0], 2)).toBe(281);
    expect(
      playerPower(
        3,
        [{ towers: [0, 0, 0, 0], terrain: Terrain.Valley }],
        [{ skills: [5, 5, 5, 5, 5, 5, 5, 5] }],
      ),
    ).toBe(3000 + 140 + 40);
  });

  it('grows with every tower level and hero level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (tower, terrain, level) => {
          const t = terrain as Terrain;
          expect(towerPower(tower + 1, t)).toBeGreaterThan(towerPower(tower, t));
          expect(heroPower([1], [], level + 1)).toBeGreaterThan(heroPower([1], [], level));
        },
      ),
    );
  });
});

describe('frames', () => {
  it('open none at once, one at level 5 and the legendary one at level 10', () => {
    expect(FRAME_IDS).toEqual(RECORDS_CONFIG.frames.map((f) => f.id));
    expect(frameUnlocked('none', 0)).toBe(true);
    expect(frameUnlocked('silver', 4)).toBe(false);
    expect(frameUnlocked('silver', 5)).toBe(true);
    expect(frameUnlocked('legendary', 9)).toBe(false);
    expect(frameUnlocked('legendary', 10)).toBe(true);
  });
});
