import { sql } from 'drizzle-orm';
import type { AllianceDetails, AllianceRequest, AllianceRole } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { isOnlineSql } from '../../core/presence.js';
import { allianceNotFound } from './errors.js';
import { waitUntil } from './membership-core.js';
import { allianceWeekOf, allianceWeekStart } from './week.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * `GET /athar/alliances/{id}` (docs/api.md, "Alliances"): public to every player; the caller's
 * own role, request and wait, and for officers and the leader the open requests.
 */
export async function allianceDetails(
  db: Executor,
  allianceId: number,
  callerId: number,
  now: Date,
): Promise<AllianceDetails> {
  const [a] = await queryRows<{
    id: number;
    name: string;
    tag: string;
    description: string;
    open: boolean;
    created_at: Date | string;
  }>(
    db,
    sql`select id, name, tag, description, open, created_at from alliances
        where id = ${allianceId} and dissolved_at is null`,
  );
  if (!a) throw allianceNotFound();
  const week = allianceWeekStart(now);
  const members = await queryRows<{
    profileid: number;
    nickname: string;
    level: number;
    role: AllianceRole;
    joined_at: Date | string;
    xp: string | number;
    online: boolean;
  }>(
    db,
    sql`select m.profile_id as profileid, p.nickname, p.level, m.role, m.joined_at,
          coalesce(s.xp, 0) as xp, ${isOnlineSql(sql`m.profile_id`, now)} as online
        from alliance_members m
        join profiles p on p.id = m.profile_id
        left join alliance_scores s on s.alliance_id = m.alliance_id
          and s.week_start = ${week} and s.profile_id = m.profile_id
        where m.alliance_id = ${allianceId}
        order by case m.role when 'leader' then 0 when 'officer' then 1 else 2 end, m.joined_at,
          m.profile_id`,
  );
  const [mine] = await queryRows<{ alliance_id: number | null; kind: string | null }>(
    db,
    sql`select (select alliance_id from alliance_members where profile_id = ${callerId}) as alliance_id,
          (select kind from alliance_requests
            where alliance_id = ${allianceId} and profile_id = ${callerId}) as kind`,
  );
  const role = members.find((m) => m.profileid === callerId)?.role ?? null;
  const staff = role === 'leader' || role === 'officer';
  const requests = staff ? await openRequests(db, allianceId) : [];
  const until = mine?.alliance_id ? null : await waitUntil(db, callerId, allianceId, now);
  return {
    id: a.id,
    name: a.name,
    tag: a.tag,
    description: a.description,
    open: a.open,
    created: iso(a.created_at),
    maxMembers: SOCIAL_CONFIG.alliances.maxMembers,
    members: members.map((m) => ({
      profileid: m.profileid,
      nickname: m.nickname,
      level: m.level,
      role: m.role,
      joined: iso(m.joined_at),
      weekXp: Number(m.xp),
      online: Boolean(m.online),
    })),
    week: await allianceWeekOf(db, allianceId, now),
    me: {
      role,
      request: (mine?.kind as AllianceRequest['kind'] | null) ?? null,
      inAlliance: mine?.alliance_id !== null && mine?.alliance_id !== undefined,
      waitUntil: until ? until.toISOString() : null,
    },
    requests,
  };
}

async function openRequests(db: Executor, allianceId: number): Promise<AllianceRequest[]> {
  const rows = await queryRows<{
    profileid: number;
    nickname: string;
    level: number;
    kind: AllianceRequest['kind'];
    text: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select r.profile_id as profileid, p.nickname, p.level, r.kind, r.text, r.created_at
        from alliance_requests r join profiles p on p.id = r.profile_id
        where r.alliance_id = ${allianceId} order by r.created_at, r.profile_id`,
  );
  return rows.map((r) => ({
    profileid: r.profileid,
    nickname: r.nickname,
    level: r.level,
    kind: r.kind,
    text: r.text,
    at: iso(r.created_at),
  }));
}
