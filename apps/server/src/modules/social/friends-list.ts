import { sql } from 'drizzle-orm';
import type { FriendList } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { isOnlineSql } from '../../core/presence.js';

interface Row {
  kind: 'friend' | 'incoming' | 'outgoing';
  profileid: number;
  nickname: string;
  level: number;
  at: Date | string;
  alliance_id: number | null;
  alliance_name: string | null;
  alliance_tag: string | null;
  online: boolean;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * `GET /athar/friends` in one query: friends by nickname with their alliance (the tables read
 * directly, one domain does not import another) and whether they are online; the open
 * requests newest first. A request from a player the caller blocks is not shown.
 */
export async function listFriends(db: Db, me: number, now: Date): Promise<FriendList> {
  const rows = await queryRows<Row>(
    db,
    sql`with mine as (
        select case when f.accepted_at is not null then 'friend'
            when f.requester_id = ${me} then 'outgoing' else 'incoming' end as kind,
          case when f.requester_id = ${me} then f.addressee_id else f.requester_id end as other,
          coalesce(f.accepted_at, f.created_at) as at
        from friendships f
        where f.requester_id = ${me} or f.addressee_id = ${me})
      select m.kind, p.id as profileid, p.nickname, p.level, m.at,
        a.id as alliance_id, a.name as alliance_name, a.tag as alliance_tag,
        m.kind = 'friend' and ${isOnlineSql(sql`p.id`, now)} as online
      from mine m
      join profiles p on p.id = m.other
      left join alliance_members am on am.profile_id = p.id
      left join alliances a on a.id = am.alliance_id and a.dissolved_at is null
      where not (m.kind = 'incoming' and exists (
        select 1 from blocks b where b.profile_id = ${me} and b.blocked_id = m.other))
      order by lower(p.nickname), p.id`,
  );
  const list: FriendList = { friends: [], incoming: [], outgoing: [] };
  for (const r of rows) {
    const person = { profileid: Number(r.profileid), nickname: r.nickname, level: Number(r.level) };
    if (r.kind === 'friend') {
      list.friends.push({
        ...person,
        alliance:
          r.alliance_id === null
            ? null
            : { id: Number(r.alliance_id), name: r.alliance_name!, tag: r.alliance_tag! },
        online: r.online,
        since: iso(r.at),
      });
    } else list[r.kind].push({ ...person, at: iso(r.at) });
  }
  const newest = (a: { at: string }, b: { at: string }) => b.at.localeCompare(a.at);
  list.incoming.sort(newest);
  list.outgoing.sort(newest);
  return list;
}
