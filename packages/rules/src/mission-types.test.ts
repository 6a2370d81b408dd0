import { describe, expect, it } from 'vitest';
import { shortBriefing } from './format.js';
import { MISSION_TYPES, extraParameters } from './mission-types.js';
import { MISSION_TYPE_LIST } from './world.js';

describe('MISSION_TYPES', () => {
  it('lists each type with its documented parameters', () => {
    expect(MISSION_TYPES.GOLDCLAIM.parameters).toEqual(['landid', 'heroid']);
    expect(MISSION_TYPES.UPGRADETOWER.parameters).toEqual([
      'landid',
      'heroid',
      'elemid',
      'currentLevel',
    ]);
    expect(MISSION_TYPES.UPGRADESEAL.parameters).toEqual([
      'landid',
      'heroid',
      'elemid',
      'currentSeal',
    ]);
    expect(MISSION_TYPES.SEARCHELEMENT.parameters).toEqual(['landid', 'heroid', 'elemid', 'hours']);
    expect(extraParameters('SEARCHELEMENT')).toEqual(['elemid', 'hours']);
    expect(extraParameters('UPGRADESEAL')).toEqual(['elemid', 'currentSeal']);
    expect(extraParameters('DAILYREWARD')).toEqual([]);
    expect(MISSION_TYPES.UNIQUE.parameters).toEqual(['landid', 'heroid', 'eventid']);
  });

  it('marks which missions need a resident hero', () => {
    const resident = MISSION_TYPE_LIST.filter(
      (type) => MISSION_TYPES[type].misRequirements.resident,
    );
    expect(resident).toEqual([
      'DAILYREWARD',
      'HUNTSEAL',
      'UPGRADETOWER',
      'UPGRADESEAL',
      'SEARCHELEMENT',
      'HEROLEVELUP',
      'IMPROVESEAL',
      'UNIQUE',
    ]);
  });

  it('has briefings whose first sentence stands alone within 15 words', () => {
    for (const type of MISSION_TYPE_LIST) {
      const { missionObjective, missionName } = MISSION_TYPES[type];
      expect(missionName.length).toBeGreaterThan(0);
      const first = shortBriefing(missionObjective);
      expect(first.endsWith('.')).toBe(true);
      expect(first.split(' ').length).toBeLessThanOrEqual(15);
      expect(missionObjective.length).toBeGreaterThan(first.length);
    }
  });

  it('quotes the configured numbers in briefings', () => {
    expect(MISSION_TYPES.GOLDCLAIM.missionObjective).toContain('100 + 10 x Charisma');
    expect(MISSION_TYPES.HUNTSEAL.missionObjective).toContain('30% plus Agility / 200');
    expect(MISSION_TYPES.SEARCHELEMENT.missionObjective).toContain('50% more');
  });
});
