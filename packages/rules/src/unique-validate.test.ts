import { describe, expect, it } from 'vitest';
import { UNIQUE_CONFIG } from './config-unique.js';
import { DAY, T0 } from './test-fixtures.js';
import { uniqueDraftProblem } from './unique-validate.js';

const draft =
  UNIQUE_CONFIG.rotation.events[0] ??
  (() => {
    throw new Error('empty table');
  })();
const ok = (over: object = {}, start = T0, end = T0 + 7 * DAY, now = T0) =>
  uniqueDraftProblem({ ...draft, ...over }, start, end, now);

describe('uniqueDraftProblem', () => {
  it('accepts every event of the rotation table', () => {
    for (const event of UNIQUE_CONFIG.rotation.events) {
      expect(uniqueDraftProblem(event, T0, T0 + 7 * DAY, T0)).toBeNull();
    }
  });

  it.each([
    ['name', { name: '  ' }],
    ['name', { name: 'x'.repeat(61) }],
    ['description', { description: 'x'.repeat(401) }],
    ['places', { places: 0 }],
    ['places', { places: 2.5 }],
    ['skill', { requirement: { skill: 8, min: 70, minRarity: null } }],
    ['min', { requirement: { skill: 7, min: 101, minRarity: null } }],
    ['rarity', { requirement: { skill: 7, min: 70, minRarity: 5 } }],
    ['minutes', { duration: { baseMinutes: 5, skill: 7 } }],
    ['gold', { reward: { gold: -1, xp: 0, items: {} } }],
    ['items', { reward: { gold: 0, xp: 0, items: { DRAGON_EGG: 1 } } }],
    ['items', { reward: { gold: 0, xp: 0, items: { SEAL_FIRE: 0 } } }],
    ['reward', { reward: { gold: 0, xp: 0, items: {} } }],
  ])('names the field %s', (field, over) => {
    expect(ok(over)?.field).toBe(field);
  });

  it('checks the dates', () => {
    expect(ok({}, T0, T0)?.field).toBe('end');
    expect(ok({}, T0 - 2 * DAY, T0 - DAY)?.message).toBe('The end must be in the future.');
    expect(ok({}, T0, T0 + 91 * DAY)?.field).toBe('end');
    expect(ok({}, Number.NaN, T0 + DAY)?.field).toBe('start');
  });
});
