import { ARENA_CONFIG } from './config-arena.js';
import { GAME_CONFIG } from './config.js';
import { isoWeekKey, isoWeekStart, utcDayStart } from './time.js';

/** The daily attack limit and the weekly ladder's calendar (docs/game-rules.md, Arena). */

/** When the next UTC day (and with it a fresh set of attacks) opens, as epoch ms. */
export function nextAttackDayAt(now: number): number {
  return utcDayStart(now) + GAME_CONFIG.time.msPerDay;
}

export function attacksLeft(usedToday: number): number {
  return Math.max(0, ARENA_CONFIG.attacksPerDay - usedToday);
}

/** The ISO week that closed last before `now`: the one whose rewards are due. */
export function closedArenaWeek(now: number): string {
  return isoWeekKey(isoWeekStart(now) - 1);
}

export interface LadderEntry {
  readonly profileId: number;
  readonly points: number;
}

/** Places by points gained, most first; equal points by the lower profile id (earlier player). */
export function rankLadder<T extends LadderEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b.points - a.points || a.profileId - b.profileId);
}

/** The gold a place earns when the week closes: only places 1..10 with points gained > 0. */
export function weeklyRewardGold(place: number, points: number): number {
  if (points <= 0 || place < 1) return 0;
  return ARENA_CONFIG.weeklyRewardsGold[place - 1] ?? 0;
}
