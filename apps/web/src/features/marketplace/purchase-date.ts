import { formatMessageDate } from '@aleph/rules';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Nov 21, 2026 14:05' in the player's time zone, as the inbox writes dates. */
export function purchaseDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '—' : formatMessageDate(ms, localTimeZone());
}
