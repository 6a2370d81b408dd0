import { eq, sql } from 'drizzle-orm';
import type { ProfileSummary, PublicProfile } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { profiles } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { profileLevelSummary, vipLevel } from '@aleph/rules';
import { requireFeatureAt } from '../../core/gates.js';
import { mutedUntilOf } from '../../core/account-status.js';
import { achievementBadges } from '../records/achievements.js';

export async function loadProfile(db: Executor, profileId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!row) throw notFound('Profile not found');
  return row;
}

/**
 * The summary as stored: `mutedUntil` is the mute's stored end, which may have passed (a mute
 * raises the state version, its end does not); `inForce` drops an end that has passed.
 */
export async function profileSummary(db: Executor, profileId: number): Promise<ProfileSummary> {
  const p = await loadProfile(db, profileId);
  const muted = await mutedUntilOf(db, profileId, new Date(0));
  return {
    nickname: p.nickname,
    vip: { vipPoints: p.vipPoints, vipLevel: vipLevel(p.vipPoints) },
    level: profileLevelSummary(p.level, p.xp),
    treasury: { gold: p.gold, platinum: p.platinum },
    ...(muted ? { mutedUntil: muted.toISOString() } : {}),
  };
}

/** The summary with a mute that is over left out. */
export function inForce(summary: ProfileSummary, now: Date): ProfileSummary {
  if (summary.mutedUntil === undefined || new Date(summary.mutedUntil) > now) return summary;
  const { mutedUntil: _over, ...rest } = summary;
  return rest;
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
    alliance_id: number | null;
    alliance_name: string | null;
    alliance_tag: string | null;
  }>(
    db,
    sql`select p.id, p.nickname, p.level, p.vip_points::text, p.frame,
               (select count(*)::int from lands l where l.owner_id = p.id) as lands,
               (select count(*)::int from heroes h where h.owner_id = p.id) as heroes,
               a.id as alliance_id, a.name as alliance_name, a.tag as alliance_tag
        from profiles p
        left join alliance_members m on m.profile_id = p.id
        left join alliances a on a.id = m.alliance_id
        where p.id = ${profileId}`,
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
    alliance:
      row.alliance_id === null
        ? null
        : { id: row.alliance_id, name: row.alliance_name!, tag: row.alliance_tag! },
  };
}
