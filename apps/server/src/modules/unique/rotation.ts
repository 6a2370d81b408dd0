import { sql } from 'drizzle-orm';
import { rotationEvent } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';

/**
 * The default rotation (docs/game-rules.md, "Unique missions"): when no event is open at `now`,
 * the week's event from the rotation table is created, running from Monday to Monday. One
 * statement, idempotent: the week key is unique, so any number of server processes (or
 * requests) materialise it once, and an operator closing it does not bring it back that week.
 * Answers whether this call created it.
 */
export async function ensureRotation(db: Executor, now: Date): Promise<boolean> {
  const week = rotationEvent(now.getTime());
  const { draft } = week;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into unique_events (name, description, starts_at, ends_at, places, places_left,
          skill, min_skill, min_rarity, reward, base_minutes, duration_skill, week_key)
        select ${draft.name}, ${draft.description}, ${new Date(week.startsAt)}, ${new Date(week.endsAt)},
          ${draft.places}, ${draft.places}, ${draft.requirement.skill}, ${draft.requirement.min},
          ${draft.requirement.minRarity}, ${JSON.stringify(draft.reward)}::jsonb,
          ${draft.duration.baseMinutes}, ${draft.duration.skill}, ${week.weekKey}
        where not exists (
          select 1 from unique_events where closed_at is null and starts_at <= ${now} and ends_at > ${now})
        on conflict (week_key) do nothing
        returning id`,
  );
  return rows.length === 1;
}
