import { describe, expect, it } from 'vitest';
import {
  MAX_PROFILE_LEVEL,
  featuresFor,
  isUpgradable,
  levelRequirement,
  nextLevelXp,
  profileLevelSummary,
  profileLevelUp,
  vipLevel,
} from './profile.js';

describe('profile levels', () => {
  it('use the XP of the level table', () => {
    expect(levelRequirement(1)).toBe(19412);
    expect(levelRequirement(10)).toBe(746275);
    expect(levelRequirement(0)).toBeNull();
    expect(nextLevelXp(0)).toBe(19412);
    expect(nextLevelXp(2)).toBe(43678);
    expect(nextLevelXp(MAX_PROFILE_LEVEL)).toBeNull();
  });

  it('are upgradable exactly when XP reaches the next requirement', () => {
    expect(isUpgradable(0, 19411)).toBe(false);
    expect(isUpgradable(0, 19412)).toBe(true);
    expect(isUpgradable(1, 19412)).toBe(false);
    expect(isUpgradable(10, 10_000_000)).toBe(false);
    expect(profileLevelSummary(2, 50000)).toEqual({
      level: 2,
      profilePoints: 50000,
      upgradable: true,
    });
  });

  it('grant feature flags cumulatively', () => {
    expect(featuresFor(0)).toEqual([]);
    expect(featuresFor(3)).toEqual(['profileLevel1', 'profileLevel2', 'profileLevel3']);
    expect(featuresFor(99)).toHaveLength(10);
  });
});

describe('profileLevelUp', () => {
  it('raises one level, grants the flags and writes a message naming the features', () => {
    const result = profileLevelUp(1, 30000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.level).toBe(2);
    expect(result.features).toEqual(['profileLevel1', 'profileLevel2']);
    expect(result.report.subject).toBe('Profile level 2 reached');
    expect(result.report.body).toContain('<li>Hunt Seal mission</li>');
  });

  it('refuses without enough XP or at the top', () => {
    expect(profileLevelUp(1, 29117)).toMatchObject({ ok: false, code: 'NOT_UPGRADABLE' });
    expect(profileLevelUp(10, 1e9)).toMatchObject({ ok: false, code: 'MAX_LEVEL' });
  });
});

describe('vipLevel', () => {
  it('follows the thresholds 0, 100, 500, 2000, 10000, 50000', () => {
    expect(vipLevel(0)).toBe(0);
    expect(vipLevel(99)).toBe(0);
    expect(vipLevel(100)).toBe(1);
    expect(vipLevel(1999)).toBe(2);
    expect(vipLevel(10000)).toBe(4);
    expect(vipLevel(1e9)).toBe(5);
    expect(vipLevel(-5)).toBe(0);
  });
});
