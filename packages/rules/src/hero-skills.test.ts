import { describe, expect, it } from 'vitest';
import { effectiveSkills, heroAt, isSkill, usePot } from './hero-skills.js';
import { heroState, skills, T0 } from './test-fixtures.js';
import { Skill } from './world.js';

const HOUR = 3_600_000;
const growth = {
  level: 1,
  xp: 5000,
  base: skills(80),
  upskills: [10, 0, 0, 0, 0, 0, 0, 8] as const,
  pot: { skill: Skill.Mastery, until: T0 + HOUR },
};

describe('effectiveSkills', () => {
  it('adds upskills and an active pot, capped at 100', () => {
    expect(effectiveSkills(growth, T0)).toEqual([100, 80, 80, 80, 80, 80, 80, 88]);
    expect(effectiveSkills({ ...growth, pot: { skill: Skill.Luck, until: T0 + 1 } }, T0)[5]).toBe(
      95,
    );
  });

  it('drops the pot once its time is over', () => {
    expect(effectiveSkills(growth, T0 + HOUR)).toEqual([90, 80, 80, 80, 80, 80, 80, 88]);
  });

  it('re-evaluates a loaded hero at another time; a hero without growth is unchanged', () => {
    const hero = heroState({ growth, skills: effectiveSkills(growth, T0) });
    expect(heroAt(hero, T0 + 2 * HOUR).skills[Skill.Mastery]).toBe(90);
    const plain = heroState();
    expect(heroAt(plain, T0)).toBe(plain);
  });
});

describe('usePot', () => {
  it('lasts 24 hours, one at a time', () => {
    const hero = heroState({ growth: { ...growth, pot: null } });
    expect(usePot(hero, Skill.Luck, T0)).toEqual({ skill: Skill.Luck, until: T0 + 24 * HOUR });
    expect(usePot(heroState({ growth }), Skill.Luck, T0)).toEqual({
      refusal: 'A Mastery pot is still working on this hero.',
    });
    expect(usePot(heroState({ growth }), Skill.Luck, T0 + HOUR)).toMatchObject({
      skill: Skill.Luck,
    });
  });

  it('knows the eight skills', () => {
    expect([0, 7].every(isSkill)).toBe(true);
    expect([8, -1, 1.5, '1'].some(isSkill)).toBe(false);
  });
});
