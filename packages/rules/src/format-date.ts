import { GAME_CONFIG } from './config.js';

/**
 * Dates for display, in an IANA time zone (the browser's in the web app). The default is
 * UTC, so that tests and server-side texts do not depend on the machine.
 */
const { msPerDay } = GAME_CONFIG.time;

interface LocalParts {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(ms: number, timeZone: string): LocalParts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(ms).map((p) => [p.type, p.value]));
  const { year = '', month = '', day = '', hour = '', minute = '' } = parts;
  return { year, month, day, hour, minute };
}

/** The local calendar date as a day number, to count calendar days between two instants. */
const dayNumber = (p: LocalParts): number =>
  Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / msPerDay;

/**
 * A mission ETA: past -> '(dd.mm.yyyy hh:mm)'; within 24 hours -> 'hh:mm'; later ->
 * '+N days hh:mm', N being the number of calendar days from today to the ETA's date.
 */
export function formatEta(etaMs: number, nowMs: number, timeZone = 'UTC'): string {
  const eta = localParts(etaMs, timeZone);
  const clock = `${eta.hour}:${eta.minute}`;
  if (etaMs < nowMs) return `(${eta.day}.${eta.month}.${eta.year} ${clock})`;
  if (etaMs - nowMs < msPerDay) return clock;
  const days = dayNumber(eta) - dayNumber(localParts(nowMs, timeZone));
  return `+${days} days ${clock}`;
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** Inbox dates: short month, day, year and a 24-hour time, e.g. 'Jan 5, 2025 14:03'. */
export function formatMessageDate(ms: number, timeZone = 'UTC'): string {
  const p = localParts(ms, timeZone);
  const month = MONTHS[Number(p.month) - 1] ?? p.month;
  return `${month} ${Number(p.day)}, ${p.year} ${p.hour}:${p.minute}`;
}
