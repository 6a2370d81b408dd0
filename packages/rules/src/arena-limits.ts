import { ARENA_CONFIG } from './config-arena.js';
import { GAME_CONFIG } from './config.js';
import { isoWeekKey, isoWeekStart, utcDayStart } from './time.js';

/**
 * The daily attack limit, the offer's minutes and the weekly ladder's calendar
 * (docs/game-rules.md, Arena).
 */

/** When the next UTC day (and with it a fresh set of attacks) opens, as epoch ms. */
export function nextAttackDayAt(now: number): number {
  return utcDayStart(now) + GAME_CONFIG.time.msPerDay;
}

export function attacksLeft(usedToday: number): number {
  return Math.max(0, ARENA_CONFIG.attacksPerDay - usedToday);
}

/**
 * Whether an offer of opponents made at `offeredAt` still stands at `now` (epoch ms): for
 * `offerMinutes` from the moment it was made.
 */
export function arenaOfferStands(offeredAt: number, now: number): boolean {
  return now < offeredAt + ARENA_CONFIG.offerMinutes * GAME_CONFIG.time.msPerMinute;
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
