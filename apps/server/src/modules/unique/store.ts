import { sql } from 'drizzle-orm';
import type { Skill, Rarity, UniqueEvent, UniqueReward } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';

/** A row of unique_events as SQL answers it. */
export interface EventRow {
  id: number;
  name: string;
  description: string;
  starts_at: Date | string;
  ends_at: Date | string;
  places: number;
  places_left: number;
  skill: number;
  min_skill: number;
  min_rarity: number | null;
  reward: UniqueReward;
  base_minutes: number;
  duration_skill: number;
  closed_at: Date | string | null;
}

export const EVENT_COLUMNS = sql.raw(`e.id, e.name, e.description, e.starts_at, e.ends_at,
  e.places, e.places_left, e.skill, e.min_skill, e.min_rarity, e.reward, e.base_minutes,
  e.duration_skill, e.closed_at`);

export function eventFromRow(r: EventRow): UniqueEvent {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    startsAt: new Date(r.starts_at).getTime(),
    endsAt: new Date(r.ends_at).getTime(),
    places: r.places,
    placesLeft: r.places_left,
    closed: r.closed_at !== null,
    requirement: {
      skill: r.skill as Skill,
      min: r.min_skill,
      minRarity: r.min_rarity as Rarity | null,
    },
    reward: { gold: r.reward.gold, xp: r.reward.xp, items: r.reward.items ?? {} },
    duration: { baseMinutes: r.base_minutes, skill: r.duration_skill as Skill },
  };
}

/** The event (or null) and the hero the player already sent to it. */
export async function loadUniqueState(db: Executor, profileId: number, eventId: number) {
  const [row] = await queryRows<EventRow & { joined_hero: number | null }>(
    db,
    sql`select ${EVENT_COLUMNS},
          (select hero_id from unique_entries u where u.event_id = e.id and u.profile_id = ${profileId}) as joined_hero
        from unique_events e where e.id = ${eventId}`,
  );
  return {
    event: row ? eventFromRow(row) : null,
    joinedHeroId: row?.joined_hero ?? null,
  };
}

/**
 * Takes one place if the event is still open at `now` and has one left. The update holds the
 * event's row lock until the transaction ends, so parallel takers queue on it and each sees the
 * count the one before left: the last place goes exactly once.
 */
export async function takePlace(db: Executor, eventId: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update unique_events set places_left = places_left - 1
        where id = ${eventId} and places_left > 0 and closed_at is null
          and starts_at <= ${now} and ends_at > ${now}
        returning id`,
  );
  return rows.length === 1;
}

/** The player's entry; false when they already have one (the key is (event, player)). */
export async function addEntry(
  db: Executor,
  entry: { eventId: number; profileId: number; heroId: number; missionId: number; at: Date },
): Promise<boolean> {
  const rows = await queryRows<{ event_id: number }>(
    db,
    sql`insert into unique_entries (event_id, profile_id, hero_id, mission_id, joined_at)
        values (${entry.eventId}, ${entry.profileId}, ${entry.heroId}, ${entry.missionId}, ${entry.at})
        on conflict do nothing returning event_id`,
  );
  return rows.length === 1;
}
