import { sql } from 'drizzle-orm';
import type { AllianceBoardRow } from '@aleph/contracts';
import { rankAlliances } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';

interface TotalRow {
  alliance_id: number;
  name: string;
  tag: string;
  members: number;
  xp: string | number;
}

/**
 * A week's alliance board, first `limit` places (docs/game-rules.md, Alliances): the members'
 * XP summed per alliance from the week's rows of alliance_scores (alliance_scores_week_idx),
 * dissolved alliances and alliances without XP left out. The rules' order decides the places;
 * the table keeps no moment a sum was reached, so ties fall to the older alliance (lower id),
 * which the SQL order agrees with, so the top `limit` rows are the board's first places.
 */
export async function allianceStandings(
  db: Executor,
  week: Date,
  limit: number,
): Promise<AllianceBoardRow[]> {
  const rows = await queryRows<TotalRow>(
    db,
    sql`select t.alliance_id, a.name, a.tag, a.member_count as members, t.xp
        from (select alliance_id, sum(xp) as xp from alliance_scores
              where week_start = ${week} group by alliance_id having sum(xp) > 0) t
        join alliances a on a.id = t.alliance_id and a.dissolved_at is null
        order by t.xp desc, t.alliance_id
        limit ${limit}`,
  );
  return rankAlliances(
    rows.map((r) => ({
      allianceId: Number(r.alliance_id),
      score: Number(r.xp),
      reachedAt: 0,
      name: r.name,
      tag: r.tag,
      members: Number(r.members),
    })),
  ).map(({ rank, allianceId, name, tag, members, score }) => ({
    rank,
    allianceId,
    name,
    tag,
    members,
    xp: score,
  }));
}

/** One alliance's XP in the week and its place (null without XP or once dissolved). */
export async function allianceStandingOf(
  db: Executor,
  allianceId: number,
  week: Date,
): Promise<{ xp: number; rank: number | null }> {
  const [own] = await queryRows<{ xp: string | number; live: boolean }>(
    db,
    sql`select coalesce((select sum(xp) from alliance_scores
          where week_start = ${week} and alliance_id = ${allianceId}), 0) as xp,
        exists (select 1 from alliances where id = ${allianceId} and dissolved_at is null) as live`,
  );
  const xp = Number(own?.xp ?? 0);
  if (xp <= 0 || !own?.live) return { xp, rank: null };
  // Alliances ahead: more XP, or as much and older (the board's order above).
  const [ahead] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select s.alliance_id, sum(s.xp) as xp from alliance_scores s
          join alliances a on a.id = s.alliance_id and a.dissolved_at is null
          where s.week_start = ${week} group by s.alliance_id) t
        where t.xp > ${xp} or (t.xp = ${xp} and t.alliance_id < ${allianceId})`,
  );
  return { xp, rank: Number(ahead?.n ?? 0) + 1 };
}
