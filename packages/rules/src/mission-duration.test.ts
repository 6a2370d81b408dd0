import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MISSION_RULES } from './config-missions.js';
import {
  missionDuration,
  missionStep,
  travelMinutes,
  travelUnits,
  workMinutes,
} from './mission-duration.js';
import {
  arbHero,
  arbLand,
  arbMissionType,
  heroState,
  landState,
  residentOf,
  skills,
} from './test-fixtures.js';
import { Continent, Element, Skill } from './world.js';

const land = landState(); // (250, 250) on Aleph, towers at level 2, seals at 1

describe('travel', () => {
  it('measures Euclidean distance rounded up on the same continent', () => {
    expect(travelUnits({ landId: 1, continent: Continent.Aleph, x: 253, y: 254 }, land)).toBe(5);
    expect(travelUnits({ landId: 1, continent: Continent.Aleph, x: 251, y: 251 }, land)).toBe(2);
    expect(travelUnits(residentOf(land), land)).toBe(0);
  });

  it('counts 5 units without residence and 60 from the other continent', () => {
    expect(travelUnits(null, land)).toBe(5);
    expect(travelUnits({ landId: 1, continent: Continent.Beth, x: 250, y: 250 }, land)).toBe(60);
  });
});

describe('missionDuration', () => {
  it('shortens the base by skill / 200 and adds 2 minutes per unit for non-resident missions', () => {
    const hero = heroState({ skills: [0, 0, 0, 30, 0, 0, 0, 0] }); // Agility 30, 5 units away
    // 30 * (1 - 30/200) = 25.5, rounded up to 26
    expect(workMinutes('GOLDCLAIM', 30, 0)).toBe(25.5);
    expect(missionDuration('GOLDCLAIM', hero, land)).toBe(26 + 10);
    // No residence: 5 units, 10 minutes
    expect(
      missionDuration('TRANSFERHERO', heroState({ residence: null, skills: skills(0) }), land),
    ).toBe(20 + 10);
  });

  it('scales tower and seal upgrades with the stored level', () => {
    const hero = heroState({ residence: residentOf(land), skills: skills(50) });
    // 120 * (2 + 1) * (1 - 50/200) = 270
    expect(missionDuration('UPGRADETOWER', hero, land, { elemid: Element.Fire })).toBe(270);
    // 180 * (1 + 1) * 0.75 = 270
    expect(missionDuration('UPGRADESEAL', hero, land, { elemid: Element.Air })).toBe(270);
  });

  it('rounds the work up to whole minutes and ignores travel for resident missions', () => {
    const hero = heroState({ skills: skills(17) }); // 5 * (1 - 17/200) = 4.575
    expect(missionDuration('DAILYREWARD', hero, land)).toBe(5);
  });

  it('is a positive whole number of minutes, at least half the base', () => {
    fc.assert(
      fc.property(arbMissionType, arbHero, arbLand, (type, hero, someLand) => {
        const minutes = missionDuration(type, hero, someLand, { elemid: Element.Water });
        // The base with no skill bonus (times step + 1 when step-scaled), halved by the best
        // skill; travel on top for non-resident missions.
        const step = missionStep(type, someLand, Element.Water, hero);
        const halfBase = Math.ceil(workMinutes(type, 0, step) / 2);
        const travel = MISSION_RULES[type].resident ? 0 : travelMinutes(hero.residence, someLand);
        expect(Number.isInteger(minutes)).toBe(true);
        expect(minutes).toBeGreaterThanOrEqual(1);
        expect(minutes).toBeGreaterThanOrEqual(halfBase + travel);
      }),
    );
  });
});

describe('missionDuration of a search', () => {
  const resident = (value: number) =>
    heroState({ residence: residentOf(land), skills: skills(value) });

  it('lasts 60 minutes per hour searched, shortened by Intelligence / 200', () => {
    // 60 * (1 - 40/200) = 48 a hour
    expect(missionDuration('SEARCHELEMENT', resident(40), land, { hours: 1 })).toBe(48);
    expect(missionDuration('SEARCHELEMENT', resident(40), land, { hours: 3 })).toBe(144);
    expect(missionDuration('SEARCHELEMENT', resident(40), land, { hours: 12 })).toBe(576);
    expect(missionDuration('SEARCHELEMENT', resident(40), land, { hours: 24 })).toBe(1152);
    // 3 * 60 * (1 - 15/200) = 166.5: the whole search is rounded up once, not each hour
    expect(missionDuration('SEARCHELEMENT', resident(15), land, { hours: 3 })).toBe(167);
  });

  it('lasts one hour when no hours are given', () => {
    expect(missionDuration('SEARCHELEMENT', resident(40), land)).toBe(48);
    expect(missionDuration('SEARCHELEMENT', resident(40), land, { hours: null })).toBe(48);
  });

  it('is ceil(hours * 60 * (1 - Intelligence / 200)) for 1 to 24 hours (property)', () => {
    fc.assert(
      fc.property(arbHero, fc.integer({ min: 1, max: 24 }), (someHero, hours) => {
        const hero = { ...someHero, residence: residentOf(land) };
        const intelligence = hero.skills[Skill.Intelligence];
        const minutes = missionDuration('SEARCHELEMENT', hero, land, { hours });
        // The formula in whole numbers, free of floating-point noise: the rule drops the dust
        // of its float products before rounding up (5 * 47.4 = 237.00000000000003 is 237).
        const exact = Math.ceil((hours * 60 * (200 - intelligence)) / 200);
        expect(minutes).toBe(exact);
        expect(minutes).toBeLessThanOrEqual(hours * missionDuration('SEARCHELEMENT', hero, land));
      }),
    );
  });
});
