import { eq } from 'drizzle-orm';
import { ErrorCode, PUSH_KINDS, type PushKind, type PushPreferences } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { pushPreferences } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';

/** A player who never chose: every kind, no quiet hours, UTC (docs/api.md, "Web push"). */
export const DEFAULT_PREFERENCES: PushPreferences = {
  kinds: [...PUSH_KINDS],
  quietHours: null,
  timeZone: 'UTC',
};

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * An IANA zone name that Intl knows, kept as the player's browser spelled it (Intl would turn
 * 'America/Argentina/Buenos_Aires' into an older alias). Offsets such as '+02:00' are refused:
 * they ignore summer time, which quiet hours in the player's evening should follow.
 */
export function checkTimeZone(raw: string): string {
  const refuse = () =>
    badRequest(
      ErrorCode.validation,
      'timeZone must be an IANA time zone, e.g. Europe/Paris.',
      'timeZone',
    );
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(raw)) throw refuse();
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
    return raw;
  } catch {
    throw refuse();
  }
}

export async function readPreferences(db: Db, profileId: number): Promise<PushPreferences> {
  const [row] = await db
    .select()
    .from(pushPreferences)
    .where(eq(pushPreferences.profileId, profileId));
  if (!row) return DEFAULT_PREFERENCES;
  const known = new Set<string>(row.kinds);
  return {
    kinds: PUSH_KINDS.filter((kind) => known.has(kind)),
    quietHours:
      row.quietStart === null || row.quietEnd === null
        ? null
        : { start: toText(row.quietStart), end: toText(row.quietEnd) },
    timeZone: row.timeZone,
  };
}

/** Replaces the player's choices with these (checked first: a refusal changes nothing). */
export async function writePreferences(
  db: Db,
  profileId: number,
  wanted: PushPreferences,
  now: Date,
): Promise<PushPreferences> {
  const timeZone = checkTimeZone(wanted.timeZone);
  const quiet = wanted.quietHours;
  if (quiet && quiet.start === quiet.end)
    throw badRequest(
      ErrorCode.validation,
      'Quiet hours must start and end at different times.',
      'quietHours',
    );
  const chosen = new Set<PushKind>(wanted.kinds);
  const values = {
    kinds: PUSH_KINDS.filter((kind) => chosen.has(kind)),
    quietStart: quiet ? toMinutes(quiet.start) : null,
    quietEnd: quiet ? toMinutes(quiet.end) : null,
    timeZone,
    updatedAt: now,
  };
  await db
    .insert(pushPreferences)
    .values({ profileId, ...values })
    .onConflictDoUpdate({ target: pushPreferences.profileId, set: values });
  return readPreferences(db, profileId);
}
