import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMission } from './mission-check.js';
import type { MissionCheckInput } from './model.js';
import { NO_RESERVATION } from './model.js';
import {
  DAY,
  T0,
  arbHero,
  arbLand,
  arbMissionType,
  checkInput,
  heroState,
  landState,
  residentOf,
} from './test-fixtures.js';
import { landVolumeAt } from './vault.js';
import { Element, MISSION_TYPE_LIST, type MissionType } from './world.js';

const NOW = T0 + DAY; // one day after every snapshot of the fixtures

describe('checkMission accepts a valid mission of every type', () => {
  it.each(MISSION_TYPE_LIST)('%s', (type) => {
    const check = checkMission(checkInput(type), NOW);
    expect(check.result.error).toBeUndefined();
    expect(check.result.ok).toBe(true);
    expect(check.result.eta.minutes).toBeGreaterThan(0);
    expect(check.etaAt).toBe(NOW + check.result.eta.minutes * 60_000);
    expect(check.reservation).not.toBeNull();
    expect(check.result.comments.length).toBeGreaterThan(0);
    expect(check.result.reward.rewardSpec.length).toBeGreaterThan(0);
  });

  it('computes a claim trip: 24 minutes of work plus 10 of travel, nothing reserved', () => {
    // 30 * (1 - Agility 40 / 200) = 24
    const check = checkMission(checkInput('GOLDCLAIM'), NOW);
    expect(check.result.eta.minutes).toBe(34);
    expect(check.reservation).toEqual(NO_RESERVATION);
    expect(check.result.reward.rewardSpec[0]).toBe('Up to 500 gold to your treasury');
    expect(check.result.comments).toContain('Travel: 5 units from Land #11 (10m).');
  });

  it('reserves and reports the ingredients of a tower upgrade', () => {
    // Level 2 to 3: 100 * 1.6^2 = 256, less Efficiency 40 / 4 = 10 %: 230.4, rounded up.
    const check = checkMission(checkInput('UPGRADETOWER'), NOW);
    expect(check.result.ingredients).toEqual({
      elementals: { need: 231, enough: true },
      items: { need: 3, enough: true },
    });
    expect(check.reservation).toEqual({
      elemid: Element.Fire,
      elementals: 231,
      shards: 0,
      items: { TOWER_STONE: 3 },
    });
    expect(check.result.reward.rewardSpec).toEqual([
      'Fire tower level 3',
      '+15 gold per day, vault cap 4000',
      '900 XP',
    ]);
  });
});

type Case = [string, MissionType | string, Partial<MissionCheckInput>, string, string?];
const withParams = (params: object): Partial<MissionCheckInput> => ({
  params: { ...checkInput('UPGRADETOWER').params, ...params },
});
const home = residentOf(landState());

const CASES: Case[] = [
  ['unknown type', 'FISHING', {}, 'UNKNOWN_MISSION', 'missionType'],
  [
    'land of someone else',
    'GOLDCLAIM',
    { land: landState({ ownerId: 99 }) },
    'NOT_YOUR_LAND',
    'landid',
  ],
  [
    'hero of someone else',
    'GOLDCLAIM',
    { hero: heroState({ ownerId: 99 }) },
    'NOT_YOUR_HERO',
    'heroid',
  ],
  [
    'hunt before level 2',
    'HUNTSEAL',
    { profile: { id: 7, level: 1, xp: 0, features: ['profileLevel1'] } },
    'FEATURE_LOCKED',
  ],
  [
    'seal before level 3',
    'UPGRADESEAL',
    { profile: { id: 7, level: 2, xp: 0, features: ['profileLevel1', 'profileLevel2'] } },
    'FEATURE_LOCKED',
  ],
  ['busy hero', 'GOLDCLAIM', { hero: heroState({ busy: true }) }, 'HERO_BUSY', 'heroid'],
  [
    'non-resident on a resident mission',
    'DAILYREWARD',
    { hero: heroState() },
    'NOT_RESIDENT',
    'heroid',
  ],
  [
    'homeless on a resident mission',
    'SEARCHELEMENT',
    { hero: heroState({ residence: null }) },
    'NOT_RESIDENT',
    'heroid',
  ],
  [
    'resident on a claim',
    'GOLDCLAIM',
    { hero: heroState({ residence: home }) },
    'ALREADY_RESIDENT',
    'heroid',
  ],
  [
    'transfer to its own land',
    'TRANSFERHERO',
    { hero: heroState({ residence: home }) },
    'ALREADY_RESIDENT',
    'heroid',
  ],
  [
    'transfer to a full land',
    'TRANSFERHERO',
    { land: landState({ residents: 5 }) },
    'LAND_FULL',
    'landid',
  ],
  [
    'second claim on a land',
    'GOLDCLAIM',
    { runningOnLand: [{ type: 'GOLDCLAIM' }] },
    'CLAIM_RUNNING',
    'landid',
  ],
  [
    'claim with nothing to claim',
    'GOLDCLAIM',
    { land: landState({ gold: { leftover: 0, at: NOW } }) },
    'NOTHING_TO_CLAIM',
    'landid',
  ],
  [
    'second daily reward',
    'DAILYREWARD',
    { usedToday: { dailyReward: true, huntSeal: false } },
    'DAILY_LIMIT',
  ],
  ['second hunt', 'HUNTSEAL', { usedToday: { dailyReward: false, huntSeal: true } }, 'DAILY_LIMIT'],
  ['element out of range', 'SEARCHELEMENT', withParams({ elemid: 7 }), 'BAD_ELEMENT', 'elemid'],
  ['search of 0 hours', 'SEARCHELEMENT', withParams({ hours: 0 }), 'BAD_PARAM', 'hours'],
  ['search of 25 hours', 'SEARCHELEMENT', withParams({ hours: 25 }), 'BAD_PARAM', 'hours'],
  ['search of 1.5 hours', 'SEARCHELEMENT', withParams({ hours: 1.5 }), 'BAD_PARAM', 'hours'],
  ['element missing', 'UPGRADETOWER', withParams({ elemid: undefined }), 'BAD_ELEMENT', 'elemid'],
  [
    'level not a whole number',
    'UPGRADETOWER',
    withParams({ currentLevel: 1.5 }),
    'BAD_PARAM',
    'currentLevel',
  ],
  ['seal missing', 'UPGRADESEAL', withParams({ currentSeal: null }), 'BAD_PARAM', 'currentSeal'],
  [
    'stale tower level',
    'UPGRADETOWER',
    withParams({ currentLevel: 1 }),
    'STALE_LEVEL',
    'currentLevel',
  ],
  ['stale seal', 'UPGRADESEAL', withParams({ currentSeal: 0 }), 'STALE_SEAL', 'currentSeal'],
  [
    'tower at level 10',
    'UPGRADETOWER',
    { land: landState({ towers: [2, 10, 2, 2] }), ...withParams({ currentLevel: 10 }) },
    'MAX_LEVEL',
    'elemid',
  ],
  [
    'seal at Legendary',
    'UPGRADESEAL',
    { land: landState({ seals: [1, 5, 1, 1] }), ...withParams({ currentSeal: 5 }) },
    'MAX_LEVEL',
    'elemid',
  ],
  [
    'tower already being upgraded',
    'UPGRADETOWER',
    { runningOnLand: [{ type: 'UPGRADETOWER', elemid: Element.Fire }] },
    'UPGRADE_RUNNING',
    'elemid',
  ],
  ['no tower stones', 'UPGRADETOWER', { landItems: {} }, 'INGREDIENTS_MISSING'],
  ['no seal items', 'UPGRADESEAL', { landItems: { SEAL_AIR: 10 } }, 'INGREDIENTS_MISSING'],
  [
    'no shards from level 3',
    'UPGRADETOWER',
    {
      land: landState({ towers: [2, 3, 2, 2], shards: [5, 2, 5, 5] }),
      ...withParams({ currentLevel: 3 }),
    },
    'INGREDIENTS_MISSING',
  ],
];

describe('checkMission refuses', () => {
  it.each(CASES)('%s', (_name, type, overrides, code, field) => {
    const base = checkInput(MISSION_TYPE_LIST.find((t) => t === type) ?? 'GOLDCLAIM', overrides);
    const check = checkMission({ ...base, type }, NOW);
    expect(check.result.ok).toBe(false);
    expect(check.result.error?.code).toBe(code);
    expect(check.result.error?.field).toBe(field);
    expect(check.result.error?.message).toMatch(/^[A-Z"].*[.]$/);
    expect(check.reservation).toBeNull();
  });

  it('judges elementals on the vault after decay at now', () => {
    const input = checkInput('UPGRADETOWER');
    // Seal 1 drains 8% a day: 3000 elementals at T0 are 2760 a day later, 245.9 after 30 days
    // and 226.2 after 31, fewer than the 231 the upgrade needs.
    expect(checkMission(input, T0 + DAY).result.ok).toBe(true);
    expect(checkMission(input, T0 + 30 * DAY).result.ok).toBe(true);
    const later = checkMission(input, T0 + 31 * DAY);
    expect(later.result.error?.code).toBe('INGREDIENTS_MISSING');
    expect(later.result.error?.message).toBe('Not enough: 231 Fire elementals (you have 226).');
    expect(later.result.ingredients.elementals).toEqual({ need: 231, enough: false });
    expect(later.result.ingredients.items).toEqual({ need: 3, enough: true });
  });

  it('counts shards with items in the ingredients', () => {
    const input = checkInput('UPGRADETOWER', {
      land: landState({ towers: [2, 3, 2, 2], shards: [5, 2, 5, 5] }),
      ...withParams({ currentLevel: 3 }),
    });
    expect(checkMission(input, NOW).result.ingredients.items).toEqual({ need: 7, enough: false });
  });
});

describe('checkMission properties', () => {
  it('accepts only what the land can pay, and never a busy hero', () => {
    fc.assert(
      fc.property(
        arbMissionType,
        arbLand,
        arbHero,
        fc.boolean(),
        fc.nat(5),
        (type, land, hero, busy, stones) => {
          const input = checkInput(type, {
            land,
            hero: {
              ...hero,
              busy,
              residence:
                type === 'GOLDCLAIM' || type === 'TRANSFERHERO' ? hero.residence : residentOf(land),
            },
            landItems: { TOWER_STONE: stones, SEAL_FIRE: stones },
            params: {
              landid: land.id,
              heroid: hero.id,
              elemid: Element.Fire,
              currentLevel: land.towers[1],
              currentSeal: land.seals[1],
            },
          });
          const check = checkMission(input, NOW);
          if (busy) expect(check.result.error?.code).toBe('HERO_BUSY');
          if (!check.result.ok || check.reservation === null) return;
          const { elemid, elementals, shards, items } = check.reservation;
          if (elemid !== null) {
            expect(landVolumeAt(land, elemid, NOW)).toBeGreaterThanOrEqual(elementals);
            expect(land.shards[elemid]).toBeGreaterThanOrEqual(shards);
          }
          for (const [code, count] of Object.entries(items)) {
            expect(input.landItems[code] ?? 0).toBeGreaterThanOrEqual(count);
          }
        },
      ),
    );
  });
});

describe('check texts', () => {
  it('spell out the cost of an upgrade and the Efficiency saving', () => {
    const { comments } = checkMission(checkInput('UPGRADESEAL'), NOW).result;
    expect(comments).toContain('Costs 90 Fire elementals, 2 x Fire Seal, taken at launch.');
    expect(comments).toContain('Efficiency 40 saves 10% of the elementals.');
  });

  it('state the hunt chance and the search yield', () => {
    expect(checkMission(checkInput('HUNTSEAL'), NOW).result.reward.rewardSpec).toEqual([
      'Water Seal (50% chance)',
      '800 XP',
    ]);
    // Luck 40 on a Fire land: (30 + 20) * 1.5
    expect(checkMission(checkInput('SEARCHELEMENT'), NOW).result.reward.rewardSpec).toEqual([
      '75 Fire elementals',
      '10% chance of a Fire shard',
      '6% chance of a Tower Stone',
      '80 XP',
    ]);
  });

  it('state the search yield per hour searched', () => {
    const search = (hours: number) =>
      checkMission(checkInput('SEARCHELEMENT', withParams({ hours })), NOW).result;
    expect(search(3).reward.rewardSpec).toEqual([
      '225 Fire elementals',
      '10% chance of a Fire shard each hour',
      '6% chance of a Tower Stone each hour',
      '240 XP',
    ]);
    expect(search(1).reward.rewardSpec).toEqual(
      checkMission(checkInput('SEARCHELEMENT'), NOW).result.reward.rewardSpec,
    );
  });

  it('explain travel for a hero without residence', () => {
    const input = checkInput('TRANSFERHERO', { hero: heroState({ residence: null }) });
    expect(checkMission(input, NOW).result.comments[0]).toBe(
      'No residence: counts as 5 units away (10m).',
    );
  });

  it('say a resident mission is worked at home, or that the hero must live on the land', () => {
    expect(checkMission(checkInput('DAILYREWARD'), NOW).result.comments[0]).toBe(
      'Belaria works on its home land: no travel.',
    );
    // Belaria lives on Land #11, not on Land #10.
    const away = checkMission(checkInput('DAILYREWARD', { hero: heroState() }), NOW).result;
    expect(away.error?.code).toBe('NOT_RESIDENT');
    expect(away.comments[0]).toBe('Belaria must live on Land #10 for this mission.');
    const homeless = checkInput('SEARCHELEMENT', { hero: heroState({ residence: null }) });
    expect(checkMission(homeless, NOW).result.comments[0]).toBe(
      'Belaria must live on Land #10 for this mission.',
    );
  });
});

describe('checkMission of a search of some hours', () => {
  const search = (hours?: number) =>
    checkMission(
      checkInput('SEARCHELEMENT', hours === undefined ? {} : withParams({ hours })),
      NOW,
    );

  it('lasts 48 minutes an hour for Intelligence 40, one hour when none is given', () => {
    expect(search().result.eta.minutes).toBe(48);
    expect(search(1).result.eta.minutes).toBe(48);
    expect(search(3).result.eta.minutes).toBe(144);
    expect(search(12).result.eta.minutes).toBe(576);
    expect(search(24).result.eta.minutes).toBe(1152);
    expect(search(24).etaAt).toBe(NOW + 1152 * 60_000);
  });

  it('accepts 1 to 24 whole hours and reserves nothing', () => {
    for (let hours = 1; hours <= 24; hours++) {
      const check = search(hours);
      expect(check.result.ok).toBe(true);
      expect(check.reservation).toEqual(NO_RESERVATION);
    }
  });

  it('names the hours in a refusal', () => {
    for (const hours of [0, 25, 1.5]) {
      const { error } = search(hours).result;
      expect(error).toMatchObject({
        code: 'BAD_PARAM',
        field: 'hours',
        message: 'A search lasts 1 to 24 whole hours.',
      });
    }
  });
});
