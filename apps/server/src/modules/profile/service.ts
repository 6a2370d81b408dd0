import { eq, sql } from 'drizzle-orm';
import type { ProfileSummary, PublicProfile } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { profiles } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { profileLevelSummary, vipLevel } from '@aleph/rules';
import { requireFeatureAt } from '../../core/gates.js';
import { achievementBadges } from '../records/achievements.js';

export async function loadProfile(db: Executor, profileId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row) throw notFound('Profile not found');
  return row;
}

export async function profileSummary(db: Executor, profileId: number): Promise<ProfileSummary> {
  const p = await loadProfile(db, profileId);
  return {
    nickname: p.nickname,
    vip: { vipPoints: p.vipPoints, vipLevel: vipLevel(p.vipPoints) },
    level: profileLevelSummary(p.level, p.xp),
    treasury: { gold: p.gold, platinum: p.platinum },
  };
}

/** Profile general info of any player; viewing others needs profileLevel3 (docs/screens.md). */
export async function publicProfile(
  db: Executor,
  viewerLevel: number,
  profileId: number,
): Promise<PublicProfile> {
  requireFeatureAt(viewerLevel, 'profileLevel3');
  const [row] = await queryRows<{
    id: number;
    nickname: string;
    level: number;
    vip_points: string;
    lands: number;
    heroes: number;
    frame: PublicProfile['frame'];
  }>(
    db,
    sql`select p.id, p.nickname, p.level, p.vip_points::text, p.frame,
               (select count(*)::int from lands l where l.owner_id = p.id) as lands,
               (select count(*)::int from heroes h where h.owner_id = p.id) as heroes
        from profiles p where p.id = ${profileId}`,
  );
  if (!row) throw notFound('Profile not found');
  return {
    profileid: row.id,
    nickname: row.nickname,
    level: row.level,
    vip: vipLevel(Number(row.vip_points)),
    lands: row.lands,
    heroes: row.heroes,
    frame: row.frame,
    achievements: await achievementBadges(db, row.id),
  };
}
