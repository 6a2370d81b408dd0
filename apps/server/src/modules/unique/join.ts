import { MissionErrorCode, type MissionCheckInput } from '@aleph/rules';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { addEntry, loadUniqueState, takePlace } from './store.js';
import { uniqueSnapshot } from '@aleph/rules';

/**
 * A UNIQUE mission's check input: the event and the player's entry, and the event's reward
 * and duration kept in the params (stored with the mission, so settlement pays what was
 * promised at start whatever happens to the event afterwards).
 */
export async function withUniqueEvent(
  db: Executor,
  profileId: number,
  input: MissionCheckInput,
  eventid: number | undefined,
): Promise<MissionCheckInput> {
  if (input.type !== 'UNIQUE') return input;
  const id = eventid ?? 0;
  const unique =
    id > 0 ? await loadUniqueState(db, profileId, id) : { event: null, joinedHeroId: null };
  const snapshot = unique.event ? { unique: uniqueSnapshot(unique.event) } : {};
  return { ...input, unique, params: { ...input.params, eventid: eventid ?? null, ...snapshot } };
}

/**
 * At start, after the rules said yes: the player's entry, then a place. Either refusal rolls
 * the whole start back; they are what a parallel start of the same player (entry) or of the
 * last places (place) meets after the check saw room.
 */
export async function joinUniqueEvent(
  tx: Executor,
  entry: { eventId: number; profileId: number; heroId: number; missionId: number; at: Date },
): Promise<void> {
  if (!(await addEntry(tx, entry)))
    throw conflict(
      MissionErrorCode.uniqueJoined,
      'You already sent a hero to this unique mission.',
      'eventid',
    );
  if (!(await takePlace(tx, entry.eventId, entry.at)))
    throw conflict(
      MissionErrorCode.uniqueFull,
      'Every place of this unique mission is taken.',
      'eventid',
    );
}
