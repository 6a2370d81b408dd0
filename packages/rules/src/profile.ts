import { GAME_CONFIG } from './config.js';
import type { Report } from './model.js';
import { escapeHtml } from './util.js';

const PROFILE = GAME_CONFIG.profile;

export interface ProfileLevel {
  readonly level: number;
  /** XP (`profilePoints`) needed to reach this level. */
  readonly xp: number;
  readonly features: readonly string[];
}

export const PROFILE_LEVELS: readonly ProfileLevel[] = PROFILE.levels;
export const MAX_PROFILE_LEVEL = PROFILE_LEVELS.length;

/** 'profileLevelN': the feature flag a level grants. */
export const featureFlag = (level: number): string => `${PROFILE.featurePrefix}${level}`;

/** XP needed to reach `level` (1..10), or null outside the table. Level 0 is "locked". */
export function levelRequirement(level: number): number | null {
  return PROFILE_LEVELS.find((row) => row.level === level)?.xp ?? null;
}

/** XP needed for the level after `level`, or null at the top. */
export function nextLevelXp(level: number): number | null {
  return levelRequirement(level + 1);
}

/** True when the XP reaches the next level's requirement. */
export function isUpgradable(level: number, xp: number): boolean {
  const needed = nextLevelXp(level);
  return needed !== null && xp >= needed;
}

/** Flags held at `level`, granted cumulatively: ['profileLevel1', ..., 'profileLevelN']. */
export function featuresFor(level: number): string[] {
  const top = Math.min(Math.max(0, Math.floor(level)), MAX_PROFILE_LEVEL);
  return Array.from({ length: top }, (_, i) => featureFlag(i + 1));
}

/** VIP level: how many thresholds after the first the points reach (0..5). */
export function vipLevel(vipPoints: number): number {
  const reached = PROFILE.vipThresholds.filter((threshold) => vipPoints >= threshold).length;
  return Math.max(0, reached - 1);
}

export interface ProfileLevelSummary {
  readonly level: number;
  readonly profilePoints: number;
  readonly upgradable: boolean;
}

/** The profile summary's `level` object (docs/api.md). */
export function profileLevelSummary(level: number, xp: number): ProfileLevelSummary {
  return { level, profilePoints: xp, upgradable: isUpgradable(level, xp) };
}

export type LevelUpResult =
  | {
      readonly ok: true;
      readonly level: number;
      readonly features: string[];
      readonly report: Report;
    }
  | { readonly ok: false; readonly code: 'NOT_UPGRADABLE' | 'MAX_LEVEL'; readonly message: string };

/** The PROFILELEVELUP workflow's rule: re-check the XP, raise the level by one, grant flags. */
export function profileLevelUp(level: number, xp: number): LevelUpResult {
  const needed = nextLevelXp(level);
  if (needed === null) {
    return { ok: false, code: 'MAX_LEVEL', message: 'Your profile is already at the top level.' };
  }
  if (xp < needed) {
    const message = `Level ${level + 1} needs ${needed} XP; you have ${xp}.`;
    return { ok: false, code: 'NOT_UPGRADABLE', message };
  }
  const reached = level + 1;
  const unlocked = PROFILE_LEVELS.find((row) => row.level === reached)?.features ?? [];
  const items = unlocked.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('');
  const report: Report = {
    subject: `Profile level ${reached} reached`,
    body: `<p>Your profile reached <b>level ${reached}</b>.</p><p>Unlocked:</p><ul>${items}</ul>`,
  };
  return { ok: true, level: reached, features: featuresFor(reached), report };
}
