import { sql } from 'drizzle-orm';
import { SOCIAL_CONFIG, type AllianceMemberRole } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { writeMessages } from '../../core/inbox.js';
import { allianceNotFound, alreadyMember, levelTooLow, rejoinWait } from './errors.js';

const CONFIG = SOCIAL_CONFIG.alliances;

export interface LockedAlliance {
  id: number;
  name: string;
  tag: string;
  open: boolean;
  memberCount: number;
}

/**
 * Locks an existing alliance's row for the rest of the transaction: every change of its
 * members runs under it, one after another, so the member cap and `member_count` hold. `no key
 * update` rather than `update`: the weekly scores' writer references the row (a key share lock)
 * while holding its player's profile, and must not wait for us while we wait for that profile.
 */
export async function lockAlliance(tx: Executor, allianceId: number): Promise<LockedAlliance> {
  const [row] = await queryRows<{
    id: number;
    name: string;
    tag: string;
    open: boolean;
    member_count: number;
  }>(
    tx,
    sql`select id, name, tag, open, member_count from alliances
        where id = ${allianceId} and dissolved_at is null for no key update`,
  );
  if (!row) throw allianceNotFound();
  return { ...row, memberCount: Number(row.member_count) };
}

/** The player's role in this alliance, null when not a member of it. */
export async function roleIn(
  tx: Executor,
  allianceId: number,
  profileId: number,
): Promise<AllianceMemberRole | null> {
  const [row] = await queryRows<{ role: AllianceMemberRole }>(
    tx,
    sql`select role from alliance_members where alliance_id = ${allianceId} and profile_id = ${profileId}`,
  );
  return row?.role ?? null;
}

/** When the player's wait after leaving `allianceId`'s other alliances ends, if in the future. */
export async function waitUntil(
  tx: Executor,
  profileId: number,
  allianceId: number | null,
  now: Date,
): Promise<Date | null> {
  const [row] = await queryRows<{ left_at: Date | string; alliance_id: number }>(
    tx,
    sql`select left_at, alliance_id from alliance_departures where profile_id = ${profileId}`,
  );
  if (!row || row.alliance_id === allianceId) return null;
  const until = new Date(new Date(row.left_at).getTime() + CONFIG.rejoinWaitMs);
  return until > now ? until : null;
}

/**
 * What a player must be to found or join an alliance: at the profile level alliances open at
 * (403), in none (409), not within the wait after leaving another (409 with `until`).
 */
export async function assertMayJoin(
  tx: Executor,
  profileId: number,
  allianceId: number | null,
  now: Date,
): Promise<void> {
  const [p] = await queryRows<{ level: number; alliance_id: number | null }>(
    tx,
    sql`select p.level, m.alliance_id from profiles p
        left join alliance_members m on m.profile_id = p.id where p.id = ${profileId}`,
  );
  if (!p || p.level < CONFIG.minLevel) throw levelTooLow(CONFIG.minLevel);
  if (p.alliance_id !== null) throw alreadyMember();
  const until = await waitUntil(tx, profileId, allianceId, now);
  if (until) throw rejoinWait(until);
}

/** Ids of the alliance's members as the transaction sees them. */
export async function memberIds(tx: Executor, allianceId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select profile_id as id from alliance_members where alliance_id = ${allianceId}`,
  );
  return rows.map((r) => Number(r.id));
}

export async function nicknameOf(tx: Executor, profileId: number): Promise<string> {
  const [row] = await queryRows<{ nickname: string }>(
    tx,
    sql`select nickname from profiles where id = ${profileId}`,
  );
  return row?.nickname ?? 'A player';
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface AllianceNews {
  alliance: Pick<LockedAlliance, 'id' | 'name' | 'tag'>;
  /** One sentence, plain text: "Rami joined the alliance." */
  text: string;
  /** Who else hears it besides the members (a player who left or was kicked). */
  also?: number[];
  /** Only push `alliance.changed`, no inbox message (applications and invitations). */
  quiet?: boolean;
}

/**
 * Tells the members (and `also`) of a change: a 'system' message in each inbox and
 * `alliance.changed` so open alliance pages refresh, written in the caller's transaction.
 */
export async function tellMembers(tx: Executor, news: AllianceNews, now: Date): Promise<void> {
  const members = await memberIds(tx, news.alliance.id);
  const everyone = [...new Set([...members, ...(news.also ?? [])])];
  if (everyone.length === 0) return;
  const events = new PlayerEvents();
  if (!news.quiet) {
    const label = `[${news.alliance.tag}] ${news.alliance.name}`;
    await writeMessages(
      tx,
      everyone.map((profileId) => ({
        profileId,
        kind: 'system' as const,
        subject: `${label}: ${news.text}`,
        body: `<p>${escapeHtml(news.text)}</p><p>${escapeHtml(label)}</p>`,
        at: now,
      })),
      { events },
    );
  }
  events.broadcast(everyone, 'alliance.changed', { allianceId: news.alliance.id });
  await writeEvents(tx, events, now);
}
