import { describe, expect, it } from 'vitest';
import {
  buildMissionBody,
  eligibleHeroes,
  extraParameters,
  missingChoices,
  isReadyToLaunch,
  searchHourChoices,
  unsupportedParameters,
} from './mission-rules';
import { CHECK_READY, CHECK_SHORT, HEROES, LANDS } from './test-fixtures';

const [land1] = LANDS;
const hero = HEROES[0]!;
const ids = (heroes: { heroid: number }[]) => heroes.map((h) => h.heroid);

describe('mission launcher rules', () => {
  it('treats every parameter but profileid, landid and heroid as extra', () => {
    expect(extraParameters(['profileid', 'landid', 'heroid'])).toEqual([]);
    expect(extraParameters(['landid', 'heroid', 'elemid', 'currentLevel'])).toEqual([
      'elemid',
      'currentLevel',
    ]);
    expect(unsupportedParameters(['elemid', 'currentSeal', 'colour'])).toEqual(['colour']);
  });

  it('can set every extra of a search, hours included', () => {
    const extras = extraParameters(['landid', 'heroid', 'elemid', 'hours']);
    expect(extras).toEqual(['elemid', 'hours']);
    expect(unsupportedParameters(extras)).toEqual([]);
    expect(searchHourChoices()).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('offers free residents of the land for a resident-only mission', () => {
    expect(ids(eligibleHeroes(HEROES, 1, true))).toEqual([11]);
    expect(ids(eligibleHeroes(HEROES, 2, true))).toEqual([13]);
    expect(eligibleHeroes(HEROES, 3, true)).toEqual([]);
  });

  it('offers free heroes without residence or living elsewhere for other missions', () => {
    expect(ids(eligibleHeroes(HEROES, 1, false))).toEqual([13, 14]);
    expect(ids(eligibleHeroes(HEROES, 3, false))).toEqual([11, 13, 14]);
  });

  it('builds the body only when land, hero and the required extras are set', () => {
    const base = { land: land1!, hero, elemid: null, hours: 1, extras: [] as string[] };
    expect(buildMissionBody({ ...base, missionType: 'GOLDCLAIM' })).toEqual({
      missionType: 'GOLDCLAIM',
      landid: 1,
      heroid: 11,
    });
    expect(buildMissionBody({ ...base, missionType: 'GOLDCLAIM', land: null })).toBeNull();
    expect(buildMissionBody({ ...base, missionType: 'GOLDCLAIM', hero: null })).toBeNull();
    for (const [missionType, extras] of [
      ['SEARCHELEMENT', ['elemid', 'hours']],
      ['UPGRADETOWER', ['elemid', 'currentLevel']],
      ['UPGRADESEAL', ['elemid', 'currentSeal']],
    ] as const) {
      const choice = { ...base, missionType, extras };
      expect(buildMissionBody(choice)).toBeNull();
      expect(missingChoices(choice)).toEqual(['an element']);
    }
  });

  it('reads currentLevel and currentSeal from the land for the chosen element', () => {
    const base = { land: land1!, hero, elemid: 1, hours: 1 };
    expect(
      buildMissionBody({
        ...base,
        missionType: 'UPGRADETOWER',
        extras: ['elemid', 'currentLevel'],
      }),
    ).toEqual({ missionType: 'UPGRADETOWER', landid: 1, heroid: 11, elemid: 1, currentLevel: 3 });
    expect(
      buildMissionBody({ ...base, missionType: 'UPGRADESEAL', extras: ['elemid', 'currentSeal'] }),
    ).toEqual({ missionType: 'UPGRADESEAL', landid: 1, heroid: 11, elemid: 1, currentSeal: 4 });
    expect(
      buildMissionBody({ ...base, missionType: 'GOLDCLAIM', extras: ['elemid', 'weather'] }),
    ).toBeNull();
  });

  it('sends the hours of a search, 1 by default, and never to a mission without them', () => {
    const search = {
      missionType: 'SEARCHELEMENT',
      land: land1!,
      hero,
      elemid: 1,
      hours: 1,
      extras: ['elemid', 'hours'],
    } as const;
    expect(buildMissionBody(search)).toEqual({
      missionType: 'SEARCHELEMENT',
      landid: 1,
      heroid: 11,
      elemid: 1,
      hours: 1,
    });
    expect(buildMissionBody({ ...search, hours: 24 })).toMatchObject({ elemid: 1, hours: 24 });
    // Out of the config's range or not whole: no body rather than a body the server refuses.
    for (const hours of [0, 25, 2.5]) expect(buildMissionBody({ ...search, hours })).toBeNull();
    // The element is still needed; the hours always have a value.
    expect(missingChoices({ ...search, elemid: null })).toEqual(['an element']);

    const tower = {
      ...search,
      missionType: 'UPGRADETOWER',
      extras: ['elemid', 'currentLevel'],
    } as const;
    expect(buildMissionBody({ ...tower, hours: 5 })).toEqual({
      missionType: 'UPGRADETOWER',
      landid: 1,
      heroid: 11,
      elemid: 1,
      currentLevel: 3,
    });
    expect(
      buildMissionBody({ ...search, missionType: 'GOLDCLAIM', extras: [] }),
    ).not.toHaveProperty('hours');
  });

  it('lists what is missing in the dialog order', () => {
    expect(
      missingChoices({
        missionType: 'UPGRADETOWER',
        land: null,
        hero: null,
        elemid: null,
        hours: 1,
        extras: ['elemid', 'currentLevel'],
      }),
    ).toEqual(['a land', 'a hero', 'an element']);
  });

  it('is ready only when the check is ok and the elemental and item needs are met', () => {
    expect(isReadyToLaunch(CHECK_READY)).toBe(true);
    expect(isReadyToLaunch(CHECK_SHORT)).toBe(false);
    const itemsShort = {
      ...CHECK_READY,
      ingredients: { elementals: { need: 5, enough: true }, items: { need: 2, enough: false } },
    };
    expect(isReadyToLaunch(itemsShort)).toBe(false);
    // A refusal for another reason (busy hero, daily limit) is not ready either.
    expect(isReadyToLaunch({ ...CHECK_READY, ok: false, error: 'Busy.' })).toBe(false);
  });
});
