import { GAME_CONFIG } from './config.js';

/**
 * Calendar arithmetic in UTC on epoch milliseconds. Daily limits count UTC days; boards run
 * per ISO week (Monday 00:00 UTC). `new Date(ms)` is only used to read UTC fields.
 */
const { msPerDay, msPerMinute, daysPerWeek } = GAME_CONFIG.time;

/** Days (fractional) from `from` to `now`; never negative, so a clock skew cannot undo time. */
export function elapsedDays(from: number, now: number): number {
  return Math.max(0, now - from) / msPerDay;
}

export function minutesToMs(minutes: number): number {
  return minutes * msPerMinute;
}

/** Midnight UTC of the day containing `now`. */
export function utcDayStart(now: number): number {
  return now - (((now % msPerDay) + msPerDay) % msPerDay);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of the UTC day containing `now`: the key of daily limits. */
export function utcDayKey(now: number): string {
  const date = new Date(now);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Monday 00:00 UTC of the ISO week containing `now`: the start of a board's week. */
export function isoWeekStart(now: number): number {
  const dayStart = utcDayStart(now);
  const weekday = new Date(dayStart).getUTCDay(); // 0 = Sunday
  const sinceMonday = (weekday + daysPerWeek - 1) % daysPerWeek;
  return dayStart - sinceMonday * msPerDay;
}

/** ISO week label such as '2025-W02'; the week belongs to the year of its Thursday. */
export function isoWeekKey(now: number): string {
  const thursday = isoWeekStart(now) + 3 * msPerDay;
  const year = new Date(thursday).getUTCFullYear();
  const firstDay = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday - firstDay) / (daysPerWeek * msPerDay)) + 1;
  return `${year}-W${pad(week)}`;
}
