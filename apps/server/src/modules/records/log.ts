import { sql, type SQL } from 'drizzle-orm';
import type { MissionLogEntry, MissionLogPage, MissionLogQuery } from '@aleph/contracts';
import { RECORDS_CONFIG, type MissionType } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { outcomeLine, type OutcomeRecord } from '../../core/mission-outcome.js';
import { decodeCursor, encodeCursor } from './cursor.js';

interface LogRow {
  id: number;
  type: MissionType;
  hero_id: number;
  hero_name: string;
  land_id: number;
  land_name: string | null;
  started_at: Date | string;
  eta: Date | string;
  result: (OutcomeRecord & { reportId?: number }) | null;
}

export type LogFilters = Omit<MissionLogQuery, 'cursor' | 'limit'>;

/**
 * One page of a player's finished missions, newest first, by keyset on (eta, id): every
 * filter is a key column of `missions_log_idx`, so a page costs its own rows at any depth.
 */
export async function logRows(
  db: Executor,
  profileId: number,
  filters: LogFilters,
  after: readonly [number, number] | null,
  limit: number,
): Promise<LogRow[]> {
  const where: SQL[] = [sql`m.profile_id = ${profileId}`, sql`m.status = 'settled'`];
  if (filters.type) where.push(sql`m.type = ${filters.type}`);
  if (filters.heroid) where.push(sql`m.hero_id = ${filters.heroid}`);
  if (filters.landid) where.push(sql`m.land_id = ${filters.landid}`);
  if (filters.outcome)
    where.push(sql`((m.result ->> 'success')::boolean) = ${filters.outcome === 'success'}`);
  if (after)
    where.push(sql`(m.eta, m.id) < (${new Date(after[0])}::timestamptz, ${after[1]}::int)`);
  return queryRows<LogRow>(
    db,
    sql`select m.id, m.type, m.hero_id, h.name as hero_name, m.land_id, l.name as land_name,
          m.started_at, m.eta, m.result
        from missions m join heroes h on h.id = m.hero_id join lands l on l.id = m.land_id
        where ${sql.join(where, sql` and `)}
        order by m.eta desc, m.id desc limit ${limit}`,
  );
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function logEntry(r: LogRow): MissionLogEntry {
  const result = r.result ?? { type: r.type, success: false };
  const started = new Date(r.started_at).getTime();
  const finished = new Date(r.eta).getTime();
  return {
    missionid: r.id,
    missionType: r.type,
    heroid: r.hero_id,
    heroName: r.hero_name,
    landid: r.land_id,
    landName: r.land_name ?? `Land #${r.land_id}`,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.eta),
    minutes: Math.round((finished - started) / 60_000),
    outcome: result.success ? 'success' : 'failure',
    rewards: outcomeLine(result),
    xp: Math.round(result.xp ?? 0),
    gold: Math.round((result.treasuryGold ?? 0) + (result.goldClaimed ?? 0)),
    reportid: typeof result.reportId === 'number' ? result.reportId : null,
  };
}

const keyOf = (r: LogRow) => [new Date(r.eta).getTime(), r.id] as const;

export async function missionLog(
  db: Executor,
  profileId: number,
  query: MissionLogQuery,
): Promise<MissionLogPage> {
  const { cursor, limit = RECORDS_CONFIG.log.defaultLimit, ...filters } = query;
  const after = cursor ? decodeCursor(cursor, ['time', 'id']) : null;
  const rows = await logRows(db, profileId, filters, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    missions: page.map(logEntry),
    next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}

/** The whole filtered log, page by page (no OFFSET), for the CSV export. */
export async function* allLogRows(db: Executor, profileId: number, filters: LogFilters) {
  let after: readonly [number, number] | null = null;
  for (;;) {
    const rows = await logRows(db, profileId, filters, after, 1000);
    for (const r of rows) yield logEntry(r);
    const last = rows[rows.length - 1];
    if (!last || rows.length < 1000) return;
    after = keyOf(last);
  }
}
