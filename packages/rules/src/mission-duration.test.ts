import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missionDuration, travelUnits, workMinutes } from './mission-duration.js';
import {
  arbHero,
  arbLand,
  arbMissionType,
  heroState,
  landState,
  residentOf,
  skills,
} from './test-fixtures.js';
import { Continent, Element } from './world.js';

const land = landState(); // (250, 250) on Aleph, towers at level 2, seals at 1

describe('travel', () => {
  it('measures Euclidean distance rounded up on the same continent', () => {
    expect(travelUnits({ landId: 1, continent: Continent.Aleph, x: 253, y: 254 }, land)).toBe(5);
    expect(travelUnits({ landId: 1, continent: Continent.Aleph, x: 251, y: 251 }, land)).toBe(2);
    expect(travelUnits(residentOf(land), land)).toBe(0);
  });

  it('counts 30 units without residence and 60 from the other continent', () => {
    expect(travelUnits(null, land)).toBe(30);
    expect(travelUnits({ landId: 1, continent: Continent.Beth, x: 250, y: 250 }, land)).toBe(60);
  });
});

describe('missionDuration', () => {
  it('shortens the base by skill / 200 and adds 2 minutes per unit for non-resident missions', () => {
    const hero = heroState({ skills: [0, 0, 0, 30, 0, 0, 0, 0] }); // Agility 30, 5 units away
    expect(workMinutes('GOLDCLAIM', 30, 0)).toBe(51);
    expect(missionDuration('GOLDCLAIM', hero, land)).toBe(51 + 10);
    expect(
      missionDuration('TRANSFERHERO', heroState({ residence: null, skills: skills(0) }), land),
    ).toBe(20 + 60);
  });

  it('scales tower and seal upgrades with the stored level', () => {
    const hero = heroState({ residence: residentOf(land), skills: skills(50) });
    // 120 * (2 + 1) * (1 - 50/200) = 270
    expect(missionDuration('UPGRADETOWER', hero, land, { elemid: Element.Fire })).toBe(270);
    // 180 * (1 + 1) * 0.75 = 270
    expect(missionDuration('UPGRADESEAL', hero, land, { elemid: Element.Air })).toBe(270);
  });

  it('rounds the work up to whole minutes and ignores travel for resident missions', () => {
    const hero = heroState({ skills: skills(17) }); // 30 * (1 - 17/200) = 27.45
    expect(missionDuration('DAILYREWARD', hero, land)).toBe(28);
  });

  it('is a positive whole number of minutes, at least half the base', () => {
    fc.assert(
      fc.property(arbMissionType, arbHero, arbLand, (type, hero, someLand) => {
        const minutes = missionDuration(type, hero, someLand, { elemid: Element.Water });
        expect(Number.isInteger(minutes)).toBe(true);
        expect(minutes).toBeGreaterThanOrEqual(10);
      }),
    );
  });
});
