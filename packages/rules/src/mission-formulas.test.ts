import { describe, expect, it } from 'vitest';
import {
  carryCapacity,
  discountedElementals,
  huntSuccessChance,
  missionXp,
  reservationFor,
  searchAmount,
  searchHours,
  sealUpgradeCost,
  shardDropChance,
  towerUpgradeCost,
  validSearchHours,
} from './mission-formulas.js';
import { NO_RESERVATION } from './model.js';
import { heroState, landState, skills } from './test-fixtures.js';
import { Element } from './world.js';

describe('mission formulas', () => {
  it('carry = 100 + 10 * Charisma', () => {
    expect(carryCapacity(0)).toBe(100);
    expect(carryCapacity(25)).toBe(350);
  });

  it('hunt chance = 0.3 + Agility / 200, at most 1', () => {
    expect(huntSuccessChance(0)).toBe(0.3);
    expect(huntSuccessChance(60)).toBeCloseTo(0.6, 12);
    expect(huntSuccessChance(100)).toBeCloseTo(0.8, 12);
  });

  it('search finds 30 + Luck / 2, half again on a land of that element', () => {
    expect(searchAmount(0, false)).toBe(30);
    expect(searchAmount(45, false)).toBe(52); // 52.5 rounded down
    expect(searchAmount(40, true)).toBe(75);
    expect(shardDropChance(40)).toBe(0.1);
  });

  it('search finds that much per hour searched, rounded down once', () => {
    expect(searchAmount(40, false, 1)).toBe(50);
    expect(searchAmount(40, false, 3)).toBe(150);
    expect(searchAmount(45, false, 2)).toBe(105); // 52.5 * 2
    expect(searchAmount(45, true, 3)).toBe(236); // 52.5 * 3 * 1.5 = 236.25
    expect(searchAmount(1, false, 12)).toBe(366); // 30.5 * 12
    expect(searchAmount(1, true, 24)).toBe(1098); // 30.5 * 24 * 1.5
  });

  it('search lasts the hours given, 1 when none are, and takes whole hours from 1 to 24', () => {
    expect(searchHours({})).toBe(1);
    expect(searchHours({ hours: null })).toBe(1);
    expect(searchHours({ hours: 7 })).toBe(7);
    for (const good of [undefined, null, 1, 6, 13, 24]) expect(validSearchHours(good)).toBe(true);
    for (const bad of [0, 25, 1.5, -1, '3', Number.NaN]) expect(validSearchHours(bad)).toBe(false);
  });

  it('discounts elementals by Efficiency / 4 percent, rounding up', () => {
    expect(discountedElementals(400, 0)).toBe(400);
    expect(discountedElementals(400, 40)).toBe(360);
    expect(discountedElementals(100, 1)).toBe(100); // 99.75 -> 100
  });

  it('prices tower upgrades: 100 * 1.6^level elementals, level + 1 stones, shards from 3', () => {
    expect(towerUpgradeCost(0, 0)).toEqual({ elementals: 100, stones: 1, shards: 0 });
    expect(towerUpgradeCost(1, 0)).toEqual({ elementals: 160, stones: 2, shards: 0 });
    // 409.6 rounded up
    expect(towerUpgradeCost(3, 0)).toEqual({ elementals: 410, stones: 4, shards: 3 });
    // 100 * 1.6^9 = 6871.95, less 25 %: 5153.96 rounded up
    expect(towerUpgradeCost(9, 100)).toEqual({ elementals: 5154, stones: 10, shards: 9 });
  });

  // 1.6^2 in floating point is 2.5600000000000005: the cost must still be 256, not 257.
  it('prices the upgrade from level 2 at exactly 100 * 1.6^2 = 256 elementals', () => {
    expect(towerUpgradeCost(2, 0)).toEqual({ elementals: 256, stones: 3, shards: 0 });
  });

  it('prices seal upgrades: seal + 1 items and 50 * (seal + 1) elementals', () => {
    expect(sealUpgradeCost(0, 0)).toEqual({ elementals: 50, sealItems: 1 });
    expect(sealUpgradeCost(4, 20)).toEqual({ elementals: 238, sealItems: 5 });
  });

  it('gives the XP of the table', () => {
    expect(missionXp('GOLDCLAIM', 0, 37)).toBe(111);
    expect(missionXp('DAILYREWARD', 0)).toBe(1000);
    expect(missionXp('HUNTSEAL', 0)).toBe(800);
    expect(missionXp('TRANSFERHERO', 0)).toBe(50);
    expect(missionXp('UPGRADETOWER', 2)).toBe(900);
    expect(missionXp('UPGRADESEAL', 1)).toBe(800);
    expect(missionXp('SEARCHELEMENT', 0)).toBe(80);
  });

  it('gives a search 80 XP per hour (the hours passed as step + 1)', () => {
    expect(missionXp('SEARCHELEMENT', 2)).toBe(240);
    expect(missionXp('SEARCHELEMENT', 11)).toBe(960);
    expect(missionXp('SEARCHELEMENT', 23)).toBe(1920);
  });

  it('gives HEROLEVELUP 1000 XP times the level reached (step + 1)', () => {
    expect(missionXp('HEROLEVELUP', 0)).toBe(1000);
    expect(missionXp('HEROLEVELUP', 2)).toBe(3000);
    expect(missionXp('HEROLEVELUP', 4)).toBe(5000);
  });
});

describe('reservationFor', () => {
  const hero = heroState({ skills: skills(40) });

  it('takes elementals, stones and shards for a tower upgrade', () => {
    const land = landState({ towers: [0, 4, 0, 0] });
    expect(reservationFor('UPGRADETOWER', land, hero, Element.Fire)).toEqual({
      elemid: Element.Fire,
      elementals: 590, // 100 * 1.6^4 = 655.36, less Efficiency 40 / 4 = 10 %: 589.82 up
      shards: 4,
      items: { TOWER_STONE: 5 },
    });
  });

  it('takes seal items of the element for a seal upgrade', () => {
    expect(reservationFor('UPGRADESEAL', landState(), hero, Element.Water)).toEqual({
      elemid: Element.Water,
      elementals: 90,
      shards: 0,
      items: { SEAL_WATER: 2 },
    });
  });

  it('takes nothing for other missions, a missing element or a maxed level', () => {
    expect(reservationFor('SEARCHELEMENT', landState(), hero, Element.Air)).toEqual(NO_RESERVATION);
    expect(reservationFor('UPGRADETOWER', landState(), hero, null)).toEqual(NO_RESERVATION);
    const maxed = landState({ towers: [10, 10, 10, 10] });
    expect(reservationFor('UPGRADETOWER', maxed, hero, Element.Air)).toEqual(NO_RESERVATION);
  });
});
