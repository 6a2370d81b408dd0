import { sql } from 'drizzle-orm';
import { ARENA_CONFIG } from '@aleph/rules';
import { preparedRows, queryRows, type Executor } from '../../db/client.js';
import type { HeroJson } from '../game/state.js';
import { heroList } from './heroes.js';

export interface ArenaRow {
  profileId: number;
  rating: number;
  defence: number[];
}

/** A player's arena row locked by `lockArenaRows`, with what the attack reads of the player. */
export interface LockedArenaRow extends ArenaRow {
  nickname: string;
  /** The attacker's team (the ids asked) or the defender's defence list, in order; null: no such hero. */
  heroes: Array<HeroJson | null>;
  /** The attacker's attacks today as the statement's snapshot saw them (a lower bound). */
  used: number;
}

/**
 * The arena rows of the attacker and the defender in one round trip: made at the start rating
 * where missing and locked in profile id order (the upsert's `do update` locks the row it
 * finds and answers its newest version), so two attacks on one defender (or two players
 * attacking each other) queue on the same first row, neither reads a rating the other is
 * about to change and no two transactions wait on each other. A profile that does not exist
 * gets no row. With them: the nicknames, both teams through the hero loader (the attacker's
 * ids as asked, the defender's defence list as it stands after the lock) and the attacker's
 * attacks today. That count is read from the snapshot taken before the lock was granted, so
 * an attack committed meanwhile may be missing: it can only refuse early; the exact count is
 * taken again after the lock (attack.ts).
 */
export async function lockArenaRows(
  db: Executor,
  attacker: number,
  defender: number,
  attackers: readonly number[],
  day: string,
): Promise<Map<number, LockedArenaRow>> {
  // Two scalars, not an array: PostgreSQL then plans the statement once for every attack (an
  // array's length is unknown to a reused plan, which then looks dearer than planning afresh).
  const [low, high] = [attacker, defender].sort((a, b) => a - b);
  const rows = await preparedRows<{
    profile_id: number;
    rating: number;
    defence: number[];
    nickname: string;
    heroes: Array<HeroJson | null> | null;
    used: number;
  }>(
    db,
    'arena_lock',
    sql`with up as (
          insert into arena_players (profile_id, rating)
          select id, ${ARENA_CONFIG.elo.start}::int from profiles where id in (${low}::int, ${high}::int) order by id
          on conflict (profile_id) do update set rating = arena_players.rating
          returning profile_id, rating, defence)
        select up.profile_id, up.rating, up.defence, p.nickname,
          ${heroList(sql`case when up.profile_id = ${attacker} then ${`{${attackers.join(',')}}`}::int[] else up.defence end`)} as heroes,
          (select count(*)::int from arena_battles where attacker_id = ${attacker} and day = ${day}) as used
        from up join profiles p on p.id = up.profile_id`,
  );
  return new Map(
    rows.map((r) => [
      r.profile_id,
      {
        profileId: r.profile_id,
        rating: r.rating,
        defence: r.defence,
        nickname: r.nickname,
        heroes: r.heroes ?? [],
        used: Number(r.used),
      },
    ]),
  );
}

export async function arenaRow(db: Executor, profileId: number): Promise<ArenaRow> {
  const [row] = await queryRows<{ rating: number; defence: number[] }>(
    db,
    sql`select rating, defence from arena_players where profile_id = ${profileId}`,
  );
  return { profileId, rating: row?.rating ?? ARENA_CONFIG.elo.start, defence: row?.defence ?? [] };
}

/** Attacks the player started on the UTC day `day`. */
export async function attacksOn(db: Executor, profileId: number, day: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from arena_battles where attacker_id = ${profileId} and day = ${day}`,
  );
  return Number(row?.n ?? 0);
}
