import type { ChatLine } from '@aleph/contracts';

/**
 * The lines a chat panel shows: every page loaded and every line pushed, one per id (a later
 * copy wins: a deletion is pushed again with the same id), oldest first.
 */
export function mergeLines(...lists: readonly (readonly ChatLine[])[]): ChatLine[] {
  const byId = new Map<number, ChatLine>();
  for (const list of lists) {
    for (const line of list) {
      const known = byId.get(line.id);
      // A deleted copy stays deleted whatever arrives after it (a page read before the delete).
      if (!known || !known.deleted) byId.set(line.id, line);
    }
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Whether the line names the player as `@nickname` (not inside a longer name). */
export function mentions(text: string, nickname: string): boolean {
  if (nickname === '') return false;
  const escaped = nickname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}_])@${escaped}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** A line's time as the chat shows it: HH:MM today, else the date too (UTC like the game). */
export function lineTime(at: string, now = Date.now()): string {
  const d = new Date(at);
  const iso = d.toISOString();
  const sameDay = iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  return sameDay ? iso.slice(11, 16) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
