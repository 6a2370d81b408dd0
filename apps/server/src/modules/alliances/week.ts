import { sql } from 'drizzle-orm';
import type { AllianceWeek } from '@aleph/contracts';
import { isoWeekStart, SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { allianceStandingOf } from './board-standings.js';

/** The ISO week `now` falls in, as `alliance_scores.week_start` stores it. */
export const allianceWeekStart = (now: Date): Date => new Date(isoWeekStart(now.getTime()));

/**
 * An alliance's ISO week (docs/game-rules.md, Alliances): the XP its members gained while
 * members, its place on the week's board (score desc, then the older alliance: the lower id),
 * and the weekly gold goal with its contributors, most gold first.
 */
export async function allianceWeekOf(
  db: Executor,
  allianceId: number,
  now: Date,
): Promise<AllianceWeek> {
  const week = allianceWeekStart(now);
  const { xp, rank } = await allianceStandingOf(db, allianceId, week);
  const [own] = await queryRows<{ gold: string | number }>(
    db,
    sql`select coalesce(sum(gold), 0) as gold from alliance_scores
        where week_start = ${week} and alliance_id = ${allianceId}`,
  );
  const progress = Number(own?.gold ?? 0);
  const contributors = await queryRows<{ profileid: number; nickname: string; gold: string }>(
    db,
    sql`select s.profile_id as profileid, p.nickname, s.gold from alliance_scores s
        join profiles p on p.id = s.profile_id
        where s.week_start = ${week} and s.alliance_id = ${allianceId} and s.gold > 0
        order by s.gold desc, s.profile_id`,
  );
  const goal = SOCIAL_CONFIG.alliances.goal;
  return {
    weekStart: week.toISOString(),
    xp,
    rank,
    goal: {
      target: goal.gold,
      progress,
      rewardGold: goal.rewardGold,
      contributors: contributors.map((c) => ({ ...c, gold: Number(c.gold) })),
    },
  };
}
