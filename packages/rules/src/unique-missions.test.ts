import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNIQUE_CONFIG } from './config-unique.js';
import { checkMission } from './mission-check.js';
import { missionDuration } from './mission-duration.js';
import { settleMission } from './mission-settle.js';
import { createRng } from './rng.js';
import { DAY, T0, checkInput, heroState, landState, residentOf, skills } from './test-fixtures.js';
import { isoWeekKey, isoWeekStart } from './time.js';
import type { UniqueEvent } from './model.js';
import { isoWeekNumber, rotationEvent, uniqueSnapshot, uniqueStatus } from './unique-missions.js';
import { Rarity, Skill } from './world.js';
import type { MissionCheckInput } from './model.js';

const NOW = T0 + DAY;
const HOARD: UniqueEvent = {
  id: 3,
  name: "The Dragon's Hoard",
  description: 'A dragon sleeps on a hoard.',
  places: 10,
  placesLeft: 4,
  startsAt: T0,
  endsAt: T0 + 7 * DAY,
  closed: false,
  requirement: { skill: Skill.Strength, min: 70, minRarity: null },
  reward: { gold: 2000, xp: 6000, items: { SEAL_FIRE: 3 } },
  duration: { baseMinutes: 480, skill: Skill.Strength },
};
const level9 = {
  id: 7,
  level: 9,
  xp: 500_000,
  features: Array.from({ length: 9 }, (_, i) => `profileLevel${i + 1}`),
};
const land = landState();
const strong = heroState({ residence: residentOf(land), skills: skills(80) });

function input(event: UniqueEvent | null = HOARD, over: Partial<MissionCheckInput> = {}) {
  const params = {
    landid: land.id,
    heroid: strong.id,
    eventid: 3,
    ...(event ? { unique: uniqueSnapshot(event) } : {}),
  };
  return checkInput('UNIQUE', {
    profile: level9,
    land,
    hero: strong,
    params,
    unique: { event, joinedHeroId: null },
    ...over,
  });
}

const codeOf = (i: MissionCheckInput, now = NOW) => checkMission(i, now).result.error?.code;

describe('unique mission check', () => {
  it('accepts an eligible idle resident hero and says what it pays and how long it takes', () => {
    const check = checkMission(input(), NOW);
    expect(check.result.ok).toBe(true);
    // 480 * (1 - 80 / 200) = 288 minutes, no travel.
    expect(check.result.eta.minutes).toBe(288);
    expect(check.result.reward.rewardSpec).toEqual(['2000 gold', '3 x Fire Seal', '6000 XP']);
    expect(check.result.comments).toContain(
      "The Dragon's Hoard needs Strength 70; Belaria has Strength 80.",
    );
    expect(check.result.comments).toContain('Places left: 4 of 10. One hero per player.');
  });

  it('answers the locked text below level 9', () => {
    const error = checkMission(
      input(HOARD, { profile: { ...level9, level: 8, features: level9.features.slice(0, 8) } }),
      NOW,
    ).result.error;
    expect(error?.code).toBe('FEATURE_LOCKED');
    expect(error?.message).toBe('You need to upgrade your profile to at least level nine.');
  });

  it('refuses an event that is missing, not open, over, closed, full or already joined', () => {
    expect(codeOf(input(null))).toBe('UNIQUE_NOT_FOUND');
    expect(codeOf(input(), T0 - 1)).toBe('UNIQUE_NOT_OPEN');
    expect(codeOf(input(), T0)).toBeUndefined();
    expect(codeOf(input(), T0 + 7 * DAY)).toBe('UNIQUE_CLOSED');
    expect(codeOf(input({ ...HOARD, closed: true }))).toBe('UNIQUE_CLOSED');
    expect(codeOf(input({ ...HOARD, placesLeft: 0 }))).toBe('UNIQUE_FULL');
    expect(codeOf(input(HOARD, { unique: { event: HOARD, joinedHeroId: 99 } }))).toBe(
      'UNIQUE_JOINED',
    );
  });

  it('refuses a hero below the skill or the rarity, a busy hero and a hero living elsewhere', () => {
    const weak = { ...strong, skills: skills(69) };
    const refused = checkMission(input(HOARD, { hero: weak }), NOW).result.error;
    expect(refused?.code).toBe('UNIQUE_REQUIREMENT');
    expect(refused?.message).toBe("The Dragon's Hoard needs Strength 70; Belaria has Strength 69.");
    const epic = { ...HOARD, requirement: { ...HOARD.requirement, minRarity: Rarity.Epic } };
    expect(codeOf(input(epic, { hero: { ...strong, rarity: Rarity.Rare } }))).toBe(
      'UNIQUE_REQUIREMENT',
    );
    expect(codeOf(input(epic, { hero: { ...strong, rarity: Rarity.Legendary } }))).toBeUndefined();
    expect(codeOf(input(HOARD, { hero: { ...strong, busy: true } }))).toBe('HERO_BUSY');
    expect(codeOf(input(HOARD, { hero: heroState({ skills: skills(80) }) }))).toBe('NOT_RESIDENT');
  });

  it('asks for an event id', () => {
    const error = checkMission(
      input(HOARD, { params: { landid: land.id, heroid: strong.id } }),
      NOW,
    ).result.error;
    expect(error).toMatchObject({ code: 'BAD_PARAM', field: 'eventid' });
  });

  it('opens exactly on start and closes exactly on end', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3 * DAY, max: 10 * DAY }), (dt) => {
        const status = uniqueStatus(HOARD, T0 + dt);
        expect(status).toBe(dt < 0 ? 'coming' : dt < 7 * DAY ? 'open' : 'ended');
      }),
    );
  });
});

describe('unique mission duration and settlement', () => {
  it("takes the event's base minutes and skill", () => {
    const params = {
      unique: uniqueSnapshot({ ...HOARD, duration: { baseMinutes: 100, skill: Skill.Luck } }),
    };
    const hero = {
      ...strong,
      skills: skills(10).map((v, i) =>
        i === Skill.Luck ? 50 : v,
      ) as unknown as typeof strong.skills,
    };
    expect(missionDuration('UNIQUE', hero, land, params)).toBe(75);
  });

  it('pays the reward kept at start and writes the report', () => {
    const record = {
      type: 'UNIQUE' as const,
      params: input().params,
      reservation: { elemid: null, elementals: 0, shards: 0, items: {} },
    };
    const outcome = settleMission(record, { land, hero: strong }, NOW, createRng(1));
    expect(outcome).toMatchObject({
      success: true,
      xp: 6000,
      treasuryGold: 2000,
      items: { SEAL_FIRE: 3 },
    });
    expect(outcome.report.subject).toBe("Belaria completed The Dragon's Hoard");
    expect(outcome.report.body).toContain(
      '<b>3 x Fire Seal</b> to the inventory of <b>Land #10</b>',
    );
  });
});

describe('default rotation', () => {
  it('runs one event per ISO week, Monday to Monday, picked by the week number', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }), (now) => {
        const week = rotationEvent(now);
        expect(week.startsAt).toBe(isoWeekStart(now));
        expect(week.endsAt - week.startsAt).toBe(7 * DAY);
        expect(now >= week.startsAt && now < week.endsAt).toBe(true);
        expect(week.weekKey).toBe(isoWeekKey(now));
        const table = UNIQUE_CONFIG.rotation.events;
        expect(week.draft).toBe(table[isoWeekNumber(now) % table.length]);
        // The same week from any of its moments.
        expect(rotationEvent(week.startsAt)).toEqual(week);
        expect(rotationEvent(week.endsAt - 1)).toEqual(week);
      }),
    );
  });

  it('changes the event from one week to the next', () => {
    // 2025-W02 starts on Monday 6 January: week 2 of a table of 4.
    expect(rotationEvent(T0).weekKey).toBe('2025-W02');
    expect(rotationEvent(T0).draft.name).toBe('The Storm Crown');
    expect(rotationEvent(T0 + 7 * DAY).draft.name).toBe('The Root of the World');
  });
});
