import { describe, expect, it } from 'vitest';
import {
  carryCapacity,
  discountedElementals,
  huntSuccessChance,
  missionXp,
  reservationFor,
  searchAmount,
  sealUpgradeCost,
  shardDropChance,
  towerUpgradeCost,
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

  it('search finds 20 + Luck / 2, half again on a land of that element', () => {
    expect(searchAmount(0, false)).toBe(20);
    expect(searchAmount(45, false)).toBe(42); // 42.5 rounded down
    expect(searchAmount(40, true)).toBe(60);
    expect(shardDropChance(40)).toBe(0.1);
  });

  it('discounts elementals by Efficiency / 4 percent, rounding up', () => {
    expect(discountedElementals(400, 0)).toBe(400);
    expect(discountedElementals(400, 40)).toBe(360);
    expect(discountedElementals(100, 1)).toBe(100); // 99.75 -> 100
  });

  it('prices tower upgrades: 100 * 2^level elementals, level + 1 stones, shards from 3', () => {
    expect(towerUpgradeCost(0, 0)).toEqual({ elementals: 100, stones: 1, shards: 0 });
    expect(towerUpgradeCost(2, 0)).toEqual({ elementals: 400, stones: 3, shards: 0 });
    expect(towerUpgradeCost(3, 0)).toEqual({ elementals: 800, stones: 4, shards: 3 });
    expect(towerUpgradeCost(9, 100)).toEqual({ elementals: 38400, stones: 10, shards: 9 });
  });

  it('prices seal upgrades: seal + 1 items and 50 * (seal + 1) elementals', () => {
    expect(sealUpgradeCost(0, 0)).toEqual({ elementals: 50, sealItems: 1 });
    expect(sealUpgradeCost(4, 20)).toEqual({ elementals: 238, sealItems: 5 });
  });

  it('gives the XP of the table', () => {
    expect(missionXp('GOLDCLAIM', 0, 37)).toBe(370);
    expect(missionXp('DAILYREWARD', 0)).toBe(500);
    expect(missionXp('HUNTSEAL', 0)).toBe(800);
    expect(missionXp('TRANSFERHERO', 0)).toBe(50);
    expect(missionXp('UPGRADETOWER', 2)).toBe(900);
    expect(missionXp('UPGRADESEAL', 1)).toBe(800);
    expect(missionXp('SEARCHELEMENT', 0)).toBe(150);
  });
});

describe('reservationFor', () => {
  const hero = heroState({ skills: skills(40) });

  it('takes elementals, stones and shards for a tower upgrade', () => {
    const land = landState({ towers: [0, 4, 0, 0] });
    expect(reservationFor('UPGRADETOWER', land, hero, Element.Fire)).toEqual({
      elemid: Element.Fire,
      elementals: 1440,
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
