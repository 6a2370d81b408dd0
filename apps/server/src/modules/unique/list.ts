import { sql } from 'drizzle-orm';
import {
  GAME_CONFIG,
  itemName,
  requirementText,
  rewardLines,
  skillName,
  uniqueStatus,
} from '@aleph/rules';
import type { UniqueEventList } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { ensureRotation } from './rotation.js';
import { EVENT_COLUMNS, eventFromRow, type EventRow } from './store.js';

type ListRow = EventRow & {
  joined_hero: number | null;
  joined_name: string | null;
  joined_mission: number | null;
};

/**
 * Open and coming events (coming: opening within `comingDays`), soonest end first, with the
 * caller's entry. The week's rotation event is created first when nothing is open.
 */
export async function listUniqueEvents(
  db: Executor,
  profileId: number,
  now: Date,
): Promise<UniqueEventList> {
  await ensureRotation(db, now);
  const horizon = new Date(
    now.getTime() + GAME_CONFIG.unique.comingDays * GAME_CONFIG.time.msPerDay,
  );
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${EVENT_COLUMNS}, u.hero_id as joined_hero, h.name as joined_name,
          u.mission_id as joined_mission
        from unique_events e
        left join unique_entries u on u.event_id = e.id and u.profile_id = ${profileId}
        left join heroes h on h.id = u.hero_id
        where e.closed_at is null and e.ends_at > ${now} and e.starts_at <= ${horizon}
        order by e.starts_at > ${now}, e.ends_at, e.id`,
  );
  return rows.map((row) => {
    const event = eventFromRow(row);
    const status = uniqueStatus(event, now.getTime()) === 'coming' ? 'coming' : 'open';
    const { skill, min, minRarity } = event.requirement;
    return {
      eventid: event.id,
      name: event.name,
      description: event.description,
      status,
      start: new Date(event.startsAt).toISOString(),
      end: new Date(event.endsAt).toISOString(),
      places: event.places,
      placesLeft: event.placesLeft,
      requirement: {
        skill,
        skillName: skillName(skill),
        min,
        minRarity,
        text: requirementText(event),
      },
      reward: {
        gold: event.reward.gold,
        xp: event.reward.xp,
        items: Object.entries(event.reward.items).map(([code, count]) => ({
          item_code: code,
          item_name: itemName(code),
          count,
        })),
        lines: rewardLines(event.reward),
      },
      duration: { baseMinutes: event.duration.baseMinutes, skill: event.duration.skill },
      joined:
        row.joined_hero === null
          ? null
          : { heroid: row.joined_hero, name: row.joined_name ?? '', missionid: row.joined_mission },
    };
  });
}
