import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.js';

/** What a player holds at one moment (the table's rows by day). */
export interface Snapshot {
  day: number;
  level: number;
  xp: number;
  lands: number;
  heroes: number;
  /** Sum of every tower's level over the player's lands, and the highest tower. */
  towerLevels: number;
  towerMax: number;
  gold: number;
  goldSpent: number;
  goldEarned: number;
}

export async function snapshot(db: Db, profileId: number, day: number): Promise<Snapshot> {
  const [p] = await queryRows<{ level: number; xp: number; gold: number }>(
    db,
    sql`select level, xp::float8 as xp, gold::float8 as gold from profiles where id = ${profileId}`,
  );
  const [counts] = await queryRows<{ lands: number; heroes: number }>(
    db,
    sql`select (select count(*)::int from lands where owner_id = ${profileId}) as lands,
               (select count(*)::int from heroes where owner_id = ${profileId}) as heroes`,
  );
  const [towers] = await queryRows<{ total: number; top: number }>(
    db,
    sql`select coalesce(sum(e.tower_level), 0)::int as total, coalesce(max(e.tower_level), 0)::int as top
        from land_elements e join lands l on l.id = e.land_id where l.owner_id = ${profileId}`,
  );
  const [flow] = await queryRows<{ spent: number; earned: number }>(
    db,
    sql`select coalesce(sum(-delta) filter (where delta < 0), 0)::float8 as spent,
               coalesce(sum(delta) filter (where delta > 0), 0)::float8 as earned
        from ledger where profile_id = ${profileId} and asset = 'gold'`,
  );
  return {
    day,
    level: p!.level,
    xp: Math.round(p!.xp),
    lands: counts!.lands,
    heroes: counts!.heroes,
    towerLevels: towers!.total,
    towerMax: towers!.top,
    gold: Math.round(p!.gold),
    goldSpent: Math.round(flow!.spent),
    goldEarned: Math.round(flow!.earned),
  };
}

/** A ledger asset summed by cause: positive changes as earned, negative as spent. */
export async function byCause(
  db: Db,
  profileId: number,
  asset: string,
): Promise<Array<{ cause: string; earned: number; spent: number }>> {
  return queryRows(
    db,
    sql`select cause, coalesce(sum(delta) filter (where delta > 0), 0)::float8 as earned,
               coalesce(sum(-delta) filter (where delta < 0), 0)::float8 as spent
        from ledger where profile_id = ${profileId} and asset = ${asset}
        group by 1 order by 2 desc, 3 desc`,
  );
}

/**
 * The share of its life each hero spent on missions, up to `until`, over all the player's
 * heroes together (hero-hours busy / hero-hours owned).
 */
export async function busyShare(db: Db, profileId: number, until: Date): Promise<number> {
  const [row] = await queryRows<{ busy: number; owned: number }>(
    db,
    sql`select
          (select coalesce(sum(extract(epoch from least(m.eta, ${until}) - m.started_at)), 0)
             from missions m where m.profile_id = ${profileId} and m.started_at < ${until})::float8 as busy,
          (select coalesce(sum(extract(epoch from ${until}::timestamptz - h.created_at)), 0)
             from heroes h where h.owner_id = ${profileId} and h.created_at < ${until})::float8 as owned`,
  );
  return row && row.owned > 0 ? row.busy / row.owned : 0;
}

/** Missions that finished (settled or due) by `until`, counted from `from`. */
export async function missionsFinished(
  db: Db,
  profileId: number,
  from: Date,
  until: Date,
): Promise<{ count: number; first: Date | null }> {
  const [row] = await queryRows<{ count: number; first: Date | string | null }>(
    db,
    sql`select count(*)::int as count, min(eta) as first from missions
        where profile_id = ${profileId} and eta >= ${from} and eta <= ${until}`,
  );
  const first = row?.first ? new Date(row.first) : null;
  return { count: row?.count ?? 0, first };
}
