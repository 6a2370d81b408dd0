import { describe, expect, it } from 'vitest';
import {
  Element,
  SKILL_NAMES,
  Skill,
  elementName,
  isElement,
  isMissionType,
  isTerrain,
  rarityName,
  terrainName,
} from './world.js';

describe('world enumerations', () => {
  it('keep the numeric codes of the API', () => {
    expect(terrainName(0)).toBe('Valley');
    expect(terrainName(4)).toBe('Arctic');
    expect(elementName(Element.Earth)).toBe('Earth');
    expect(rarityName(4)).toBe('Legendary');
  });

  it('orders skills as the screens and the API do', () => {
    expect(SKILL_NAMES).toEqual([
      'Mastery',
      'Intelligence',
      'Resilience',
      'Agility',
      'Charisma',
      'Luck',
      'Efficiency',
      'Strength',
    ]);
    expect(Skill.Luck).toBe(5);
    expect(SKILL_NAMES[Skill.Charisma]).toBe('Charisma');
  });

  it('guards reject values outside the enumeration', () => {
    expect(isElement(3)).toBe(true);
    expect(isElement(4)).toBe(false);
    expect(isElement('1')).toBe(false);
    expect(isElement(null)).toBe(false);
    expect(isTerrain(1.5)).toBe(false);
    expect(isMissionType('GOLDCLAIM')).toBe(true);
    expect(isMissionType('goldclaim')).toBe(false);
  });
});
