import { sql } from 'drizzle-orm';
import { ARENA_CONFIG } from '@aleph/rules';
import type { ArenaOpponent } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { arenaRow } from './players.js';

/**
 * The 5 players nearest the caller's rating that have a defence team (at least one hero of the
 * list still theirs), never the caller. Deterministic: by rating distance, then by profile id,
 * so a page reload offers the same five until a rating moves (docs/game-rules.md, Arena).
 *
 * The answer is the caller's offer: the same statement stores it (their ids and `now`) in
 * place of the one before, and an attack may target only a player of it, within
 * ARENA_CONFIG.offerMinutes (attack.ts).
 */
export async function opponentsFor(db: Db, profileId: number, now: Date): Promise<ArenaOpponent[]> {
  const me = await arenaRow(db, profileId);
  const rows = await queryRows<{
    profile_id: number;
    nickname: string;
    level: number;
    rating: number;
    defence: Array<{ name: string; element: number }>;
  }>(
    db,
    sql`with near as (
          select a.profile_id, p.nickname, p.level, a.rating, d.defence,
                 row_number() over (order by abs(a.rating - ${me.rating}), a.profile_id) as n
          from arena_players a
          join profiles p on p.id = a.profile_id
          cross join lateral (
            select json_agg(json_build_object('name', h.name, 'element', h.element)
                            order by array_position(a.defence, h.id)) as defence
            from heroes h where h.id = any(a.defence) and h.owner_id = a.profile_id) d
          where a.profile_id <> ${profileId} and cardinality(a.defence) > 0
            and d.defence is not null
          order by abs(a.rating - ${me.rating}), a.profile_id
          limit ${ARENA_CONFIG.opponents}),
        offer as (
          insert into arena_offers (profile_id, opponents, offered_at)
          values (${profileId},
                  array(select profile_id from near order by n)::int[], ${now}::timestamptz)
          on conflict (profile_id) do update
            set opponents = excluded.opponents, offered_at = excluded.offered_at)
        select profile_id, nickname, level, rating, defence from near order by n`,
  );
  return rows.map((r) => ({
    profileId: r.profile_id,
    nickname: r.nickname,
    level: r.level,
    rating: r.rating,
    defence: r.defence,
  }));
}
