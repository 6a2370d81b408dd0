import { sql } from 'drizzle-orm';
import { ARENA_CONFIG } from '@aleph/rules';
import type { ArenaOpponent } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { arenaRow } from './players.js';

/**
 * The 5 players nearest the caller's rating that have a defence team (at least one hero of the
 * list still theirs), never the caller. Deterministic: by rating distance, then by profile id,
 * so a page reload offers the same five until a rating moves (docs/game-rules.md, Arena).
 */
export async function opponentsFor(db: Db, profileId: number): Promise<ArenaOpponent[]> {
  const me = await arenaRow(db, profileId);
  const rows = await queryRows<{
    profile_id: number;
    nickname: string;
    level: number;
    rating: number;
    defence: Array<{ name: string; element: number }>;
  }>(
    db,
    sql`select a.profile_id, p.nickname, p.level, a.rating, d.defence
        from arena_players a
        join profiles p on p.id = a.profile_id
        cross join lateral (
          select json_agg(json_build_object('name', h.name, 'element', h.element)
                          order by array_position(a.defence, h.id)) as defence
          from heroes h where h.id = any(a.defence) and h.owner_id = a.profile_id) d
        where a.profile_id <> ${profileId} and cardinality(a.defence) > 0
          and d.defence is not null
        order by abs(a.rating - ${me.rating}), a.profile_id
        limit ${ARENA_CONFIG.opponents}`,
  );
  return rows.map((r) => ({
    profileId: r.profile_id,
    nickname: r.nickname,
    level: r.level,
    rating: r.rating,
    defence: r.defence,
  }));
}
