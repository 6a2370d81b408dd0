import { sql } from 'drizzle-orm';
import type { AchievementBadges, AchievementList } from '@aleph/contracts';
import {
  ACHIEVEMENTS_CONFIG,
  achievementByCode,
  achievementProgress,
  rarestFirst,
} from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';

const earnersByCode = async (db: Executor) =>
  new Map(
    (
      await queryRows<{ code: string; earners: number }>(
        db,
        sql`select code, earners from achievement_earners`,
      )
    ).map((r) => [r.code, r.earners]),
  );

/** The whole catalogue with the player's progress, dates earned and each one's rarity. */
export async function achievementList(db: Executor, profileId: number): Promise<AchievementList> {
  const [metrics, earned, earners] = await Promise.all([
    queryRows<{ metric: string; value: string }>(
      db,
      sql`select metric, value::text from achievement_progress where profile_id = ${profileId}`,
    ),
    queryRows<{ code: string; at: Date | string }>(
      db,
      sql`select code, earned_at as at from achievements_earned where profile_id = ${profileId}`,
    ),
    earnersByCode(db),
  ]);
  const value = new Map(metrics.map((m) => [m.metric, Number(m.value)]));
  const when = new Map(earned.map((e) => [e.code, new Date(e.at).toISOString()]));
  const achievements = ACHIEVEMENTS_CONFIG.map((def) => {
    const earnedAt = when.get(def.code) ?? null;
    // An earned goal shows full even if its metric was counted before the goal was lowered.
    const { progress } = achievementProgress(
      def,
      earnedAt ? def.goal : (value.get(def.metric) ?? 0),
    );
    return {
      code: def.code,
      name: def.name,
      description: def.description,
      xp: def.xp,
      goal: def.goal,
      progress,
      earnedAt,
      earners: earners.get(def.code) ?? 0,
    };
  });
  return { earned: when.size, total: ACHIEVEMENTS_CONFIG.length, achievements };
}

/** A public profile's part: how many the player earned and the three rarest of them. */
export async function achievementBadges(
  db: Executor,
  profileId: number,
): Promise<AchievementBadges> {
  const rows = await queryRows<{ code: string; earners: number }>(
    db,
    sql`select e.code, coalesce(r.earners, 0) as earners from achievements_earned e
        left join achievement_earners r on r.code = e.code where e.profile_id = ${profileId}`,
  );
  const known = rows.filter((r) => achievementByCode(r.code));
  const rarest = rarestFirst(known)
    .slice(0, 3)
    .map((r) => {
      const def = achievementByCode(r.code)!;
      return { code: r.code, name: def.name, description: def.description, earners: r.earners };
    });
  return { earned: known.length, rarest };
}
