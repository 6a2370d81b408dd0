import { formatMessageDate } from '@aleph/rules';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Nov 21, 2026 14:05' in the player's time zone (docs/screens.md: short month, 24-hour). */
export function messageDate(created: string): string {
  const ms = Date.parse(created);
  return Number.isNaN(ms) ? '—' : formatMessageDate(ms, localTimeZone());
}
