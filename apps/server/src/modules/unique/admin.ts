import { sql } from 'drizzle-orm';
import { uniqueDraftProblem, type UniqueEventDraft } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { EVENT_COLUMNS, eventFromRow, type EventRow } from './store.js';

/**
 * What operators do with unique missions (docs/operations.md): create one, list them, close
 * one early. Creating validates every field with the rules' limits; a bad field is a 400
 * naming it, which the CLI prints.
 */
export async function createUniqueEvent(
  db: Executor,
  draft: UniqueEventDraft,
  startsAt: Date,
  endsAt: Date,
  now: Date,
): Promise<number> {
  const problem = uniqueDraftProblem(draft, startsAt.getTime(), endsAt.getTime(), now.getTime());
  if (problem) throw badRequest('VALIDATION_ERROR', problem.message, problem.field);
  const { requirement: r, duration: d } = draft;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into unique_events (name, description, starts_at, ends_at, places, places_left,
          skill, min_skill, min_rarity, reward, base_minutes, duration_skill)
        values (${draft.name.trim()}, ${draft.description}, ${startsAt}, ${endsAt}, ${draft.places},
          ${draft.places}, ${r.skill}, ${r.min}, ${r.minRarity}, ${JSON.stringify(draft.reward)}::jsonb,
          ${d.baseMinutes}, ${d.skill})
        returning id`,
  );
  if (!row) throw new Error('unique event insert returned no row');
  return row.id;
}

export type AdminEvent = ReturnType<typeof eventFromRow> & {
  joined: number;
  weekKey: string | null;
};

/** Every event that has not ended (or, with `all`, every event), newest start first. */
export async function listUniqueEventsForAdmin(
  db: Executor,
  now: Date,
  all = false,
): Promise<AdminEvent[]> {
  const rows = await queryRows<EventRow & { joined: number; week_key: string | null }>(
    db,
    sql`select ${EVENT_COLUMNS}, e.week_key,
          (select count(*)::int from unique_entries u where u.event_id = e.id) as joined
        from unique_events e
        ${all ? sql`` : sql`where e.ends_at > ${now} and e.closed_at is null`}
        order by e.starts_at desc, e.id desc`,
  );
  return rows.map((r) => ({ ...eventFromRow(r), joined: r.joined, weekKey: r.week_key }));
}

/**
 * Closes an event now: no new heroes can join; heroes on their way still finish and are paid.
 * Closing twice is harmless. Answers whether this call closed it.
 */
export async function closeUniqueEvent(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number; closed: boolean }>(
    db,
    sql`with target as (select id, closed_at from unique_events where id = ${id} for update)
        update unique_events e set closed_at = coalesce(t.closed_at, ${now})
        from target t where e.id = t.id
        returning e.id, (t.closed_at is null) as closed`,
  );
  const [row] = rows;
  if (!row) throw notFound(`There is no unique mission #${id}.`);
  return row.closed;
}
