import { formatMessageDate } from '@aleph/rules';
import type { PlayerStatus, StaffRole } from '@aleph/contracts';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Nov 21, 2026 14:05' in the staff member's time zone, as the inbox writes dates. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '—' : formatMessageDate(ms, zone());
}

/** The account's standing in words: "Suspended until Nov 21, 2026 14:05", "Banned", ... */
export function statusText(status: PlayerStatus): string {
  switch (status.state) {
    case 'banned':
      return 'Banned';
    case 'suspended':
      return `Suspended until ${when(status.until)}`;
    case 'muted':
      return `Muted until ${when(status.mutedUntil)}`;
    default:
      return 'Active';
  }
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  player: 'Player',
  moderator: 'Moderator',
  admin: 'Admin',
};

/** A wallet address cut to its first 6 and last 4 characters, as the register screen shows it. */
export const shortAddress = (address: string) =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;

/** `<input type="datetime-local">`'s value for a time: local, to the minute. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO time of a datetime-local value (read in the browser's zone), or undefined. */
export function isoFromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
