import { sql } from 'drizzle-orm';
import { ARENA_CONFIG, isoWeekKey, isoWeekStart, GAME_CONFIG } from '@aleph/rules';
import type { ArenaLadder, ArenaLadderRow } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';

interface Row {
  place: number;
  profile_id: number;
  nickname: string;
  points: number;
  battles: number;
  rating: number;
}

/**
 * One ISO week's ladder: rating gained or lost in that week's battles (as attacker and as
 * defender), most first, equal points by the lower profile id (rules' rankLadder). Answers the
 * places up to `top` and the row of `viewer` wherever it is.
 */
export async function weekLadder(
  db: Executor,
  week: string,
  top: number,
  viewer: number | null = null,
): Promise<ArenaLadderRow[]> {
  const rows = await queryRows<Row>(
    db,
    sql`with s as (
          select attacker_id as p, attacker_change as c from arena_battles where week = ${week}
          union all
          select defender_id, defender_change from arena_battles where week = ${week}),
        t as (select p, sum(c)::int as points, count(*)::int as battles from s group by p),
        ranked as (select t.*, row_number() over (order by t.points desc, t.p)::int as place from t)
        select r.place, r.p as profile_id, pr.nickname, r.points, r.battles,
               coalesce(a.rating, ${ARENA_CONFIG.elo.start})::int as rating
        from ranked r
        join profiles pr on pr.id = r.p
        left join arena_players a on a.profile_id = r.p
        where r.place <= ${top} or r.p = ${viewer ?? 0}
        order by r.place`,
  );
  return rows.map((r) => ({
    place: r.place,
    profileId: r.profile_id,
    nickname: r.nickname,
    points: r.points,
    battles: r.battles,
    rating: r.rating,
  }));
}

/** `GET /halba/ladder`: this week's top 100 and the caller. */
export async function currentLadder(
  db: Executor,
  profileId: number,
  now: Date,
): Promise<ArenaLadder> {
  const week = isoWeekKey(now.getTime());
  const { topSize } = ARENA_CONFIG.ladder;
  const rows = await weekLadder(db, week, topSize, profileId);
  const endsAt =
    isoWeekStart(now.getTime()) + GAME_CONFIG.time.daysPerWeek * GAME_CONFIG.time.msPerDay;
  return {
    week,
    endsAt: new Date(endsAt).toISOString(),
    top: rows.filter((r) => r.place <= topSize),
    you: rows.find((r) => r.profileId === profileId) ?? null,
    rewards: [...ARENA_CONFIG.weeklyRewardsGold],
  };
}
