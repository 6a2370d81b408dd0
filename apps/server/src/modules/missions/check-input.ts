import { sql } from 'drizzle-orm';
import {
  featuresFor,
  utcDayKey,
  type MissionCheckInput,
  type MissionType,
  type RunningMissionRef,
} from '@aleph/rules';
import type { MissionBody } from '@aleph/contracts';
import { preparedRows, queryRows, type Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { uncached, type Cached } from '../../lib/profile-cache.js';
import { landJsonOf, lockPlayer } from '../../core/land-query.js';
import { landFromJson, type LandJson } from '../../core/land-row.js';
import { heroNotFound, landNotFound } from '../../core/not-found.js';
import { heroFromJson, heroJsonOf, type HeroJson } from '../../core/state.js';

export const DAILY_KINDS: Partial<Record<MissionType, string>> = {
  DAILYREWARD: 'DAILYREWARD',
  HUNTSEAL: 'HUNTSEAL',
};

/**
 * Loads everything the rules need to judge a mission. With `lock`, the player's profile, the
 * hero's row and then the land's row are locked (always in that order, here and in settlement,
 * core/land-query.ts), so concurrent
 * starts on one hero or one land run one after the other. Only the player's own rows are
 * locked: naming another player's hero or land answers 404 at once instead of waiting for
 * whoever holds that row.
 */
export async function loadCheckInput(
  db: Executor,
  profileId: number,
  body: MissionBody,
  now: Date,
  lock: boolean,
  cached: Cached = uncached,
): Promise<MissionCheckInput> {
  if (lock) {
    // The player's profile first (core/land-query.ts, lockPlayer): every writer takes it first.
    await lockPlayer(db, profileId);
    const hero = await queryRows(
      db,
      sql`select id from heroes where id = ${body.heroid} and owner_id = ${profileId} for no key update`,
    );
    if (hero.length === 0) throw heroNotFound();
    const land = await queryRows(
      db,
      sql`select id from lands where id = ${body.landid} and owner_id = ${profileId} for no key update`,
    );
    if (land.length === 0) throw landNotFound();
  }
  // The hero, the land and everything else the rules need, in one round trip.
  const load = async () => {
    const [row] = await preparedRows<{
      hero: HeroJson | null;
      land: LandJson | null;
      profile: { level: number; xp: number; gold: number | string } | null;
      items: Record<string, number> | null;
      running: Array<{ type: MissionType; elemid: number | null }> | null;
      used: string[] | null;
    }>(
      db,
      'mission_state',
      sql`select ${heroJsonOf(body.heroid)} as hero, ${landJsonOf(body.landid)} as land,
      (select json_build_object('level', level, 'xp', xp, 'gold', gold) from profiles where id = ${profileId}) as profile,
      (select json_object_agg(item_code, balance) from land_items where land_id = ${body.landid}) as items,
      (select json_agg(json_build_object('type', type, 'elemid', (params->>'elemid')::int))
         from missions where land_id = ${body.landid} and status = 'running') as running,
      (select json_agg(kind) from daily_usage
         where profile_id = ${profileId} and day = ${utcDayKey(now.getTime())}) as used`,
    );
    // Ownership is judged before the state is kept: a check naming ids that are not the
    // player's (unknown or someone else's) answers 404 and leaves nothing in their cache.
    if (!row?.hero || row.hero.ownerId !== profileId) throw heroNotFound();
    if (!row.land || row.land.ownerId !== profileId) throw landNotFound();
    return row;
  };
  const day = utcDayKey(now.getTime());
  // A locking read (start) always reads afresh; a check may use the player's cached state.
  const context = lock
    ? await load()
    : await cached(`mission-state:${body.heroid}:${body.landid}:${day}`, load);
  // Already judged by `load` (a kept state is the player's: a transfer since bumps the version).
  if (!context?.hero || context.hero.ownerId !== profileId) throw heroNotFound();
  if (!context.land || context.land.ownerId !== profileId) throw landNotFound();
  const hero = heroFromJson(context.hero, now.getTime());
  const land = landFromJson(context.land);
  const profile = context?.profile;
  if (!profile) throw notFound('Profile not found');
  const usedKinds = new Set(context.used ?? []);

  return {
    type: body.missionType,
    requesterId: profileId,
    profile: {
      id: profileId,
      level: profile.level,
      xp: Number(profile.xp),
      gold: Number(profile.gold),
      features: featuresFor(profile.level),
    },
    land,
    hero,
    landItems: Object.fromEntries(
      Object.entries(context.items ?? {}).map(([code, n]) => [code, Number(n)]),
    ),
    runningOnLand: (context.running ?? []).map((r): RunningMissionRef => ({
      type: r.type,
      elemid: r.elemid,
    })),
    usedToday: { dailyReward: usedKinds.has('DAILYREWARD'), huntSeal: usedKinds.has('HUNTSEAL') },
    params: {
      landid: body.landid,
      heroid: body.heroid,
      elemid: body.elemid ?? null,
      currentLevel: body.currentLevel ?? null,
      currentSeal: body.currentSeal ?? null,
      ...(body.hours === undefined ? {} : { hours: body.hours }),
    },
  };
}
