import { sql } from 'drizzle-orm';
import { ARENA_CONFIG } from '@aleph/rules';
import { preparedRows, queryRows, type Executor } from '../../db/client.js';
import type { HeroJson } from '../../core/state.js';
import { jsonRows } from '../../core/json-rows.js';
import { heroList } from './heroes.js';

export interface ArenaRow {
  profileId: number;
  rating: number;
  defence: number[];
}

/** A player's arena row locked by `lockArenaPlayers`, with what an attack reads of the player. */
export interface LockedArenaRow extends ArenaRow {
  nickname: string;
  /** An attacker's team (the ids asked) or a defender's defence list, in order; null: no such hero. */
  heroes: Array<HeroJson | null>;
}

/** A player of a batch of attacks: an attacker with the heroes asked, or a defender (null). */
export interface ArenaPlayerAsk {
  profileId: number;
  heroes: readonly number[] | null;
}

type LockedRowOut = {
  profile_id: number;
  rating: number;
  defence: number[];
  nickname: string;
  heroes: Array<HeroJson | null> | null;
};

/**
 * What a lock statement answers for each player it holds: the row, the nickname and the team
 * through the hero loader (an attacker's ids as asked, a defender's defence list as it stands
 * after the lock). `up` is the statement's CTE of locked rows, `v` its players.
 */
const lockedRowsSelect = sql`select up.profile_id, up.rating, up.defence, p.nickname,
          ${heroList(sql`coalesce(v.ask, up.defence)`)} as heroes
        from up join profiles p on p.id = up.profile_id join v on v.p = up.profile_id`;

/**
 * A lock statement's CTE `v`: its players, in profile id order, from one JSON parameter whatever
 * the batch's size (PostgreSQL keeps one plan of the statement).
 */
const playersCte = (players: readonly ArenaPlayerAsk[]) => {
  const asks = [...players]
    .sort((a, b) => a.profileId - b.profileId)
    .map((p) => ({ p: p.profileId, ask: p.heroes ? `{${p.heroes.join(',')}}` : null }));
  return sql`v as materialized (
          select p, ask::int[] as ask from jsonb_to_recordset(${jsonRows(asks)}) as v(p int, ask text))`;
};

/**
 * The arena rows of a batch's players, locked in profile id order, so attacks on one defender,
 * or players attacking each other, queue on the same first row, none reads a rating another is
 * about to change, and no two batches wait on each other. `for update` answers the newest
 * version of a row it had to wait for, and unlike an upsert it writes no new version of the
 * row (docs/performance.md, Arena). With them: the nicknames and the teams. A profile that does
 * not exist gets no row. Each player appears once in `players`.
 *
 * A player without an arena row yet (one who never set a defence, attacking for the first
 * time) gets it from a second statement, only then: the upsert makes it at the start rating,
 * or, if another transaction made it meanwhile, locks it and answers its newest version. Those
 * rows are locked after the others, out of id order; a deadlock that this could cause with
 * another process's batch runs the batch again (the desk's retry).
 */
export async function lockArenaPlayers(
  db: Executor,
  players: readonly ArenaPlayerAsk[],
): Promise<Map<number, LockedArenaRow>> {
  const rows = await preparedRows<LockedRowOut>(
    db,
    'arena_lock_players',
    sql`with ${playersCte(players)},
        up as (
          select profile_id, rating, defence from arena_players
          where profile_id = any(array(select p from v)) order by profile_id for update)
        ${lockedRowsSelect}`,
  );
  const found = new Set(rows.map((r) => r.profile_id));
  const missing = players.filter((p) => !found.has(p.profileId));
  if (missing.length > 0)
    rows.push(
      ...(await preparedRows<LockedRowOut>(
        db,
        'arena_make_players',
        sql`with ${playersCte(missing)},
            up as (
              insert into arena_players (profile_id, rating)
              select id, ${ARENA_CONFIG.elo.start}::int from profiles where id in (select p from v) order by id
              on conflict (profile_id) do update set rating = arena_players.rating
              returning profile_id, rating, defence)
            ${lockedRowsSelect}`,
      )),
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
      },
    ]),
  );
}

/** An attacker of a batch as read after the locks: the day's attacks and the latest offer. */
export interface AttackerDay {
  /** Attacks started on the day. */
  used: number;
  /** The latest offer of opponents (what is left of it) and when it was made; null: none. */
  offer: { opponents: number[]; at: number } | null;
}

/**
 * The attacks each of `attackers` started on the UTC day `day` and their latest offers of
 * opponents, read in a statement of its own after their rows were locked: its snapshot then
 * holds every attack of theirs that committed while the lock was waited for (with the opponent
 * it took off the offer), and no other can commit before this transaction does.
 */
export async function attackersOfDay(
  db: Executor,
  attackers: readonly number[],
  day: string,
): Promise<Map<number, AttackerDay>> {
  const rows = await preparedRows<{
    p: number;
    n: number;
    opponents: number[] | null;
    offered_ms: number | null;
  }>(
    db,
    'arena_attackers_of_day',
    // One count per attacker by the (attacker, day) index, whatever the plan guesses of the
    // parameter's length or the table's size; the offer by its key.
    sql`select v.p, (select count(*) from arena_battles b where b.attacker_id = v.p and b.day = ${day})::int as n,
               o.opponents, (extract(epoch from o.offered_at) * 1000)::float8 as offered_ms
        from jsonb_to_recordset(${jsonRows(attackers.map((p) => ({ p })))}) as v(p int)
        left join arena_offers o on o.profile_id = v.p`,
  );
  return new Map(
    rows.map((r) => [
      r.p,
      {
        used: Number(r.n),
        offer:
          r.opponents && r.offered_ms !== null
            ? { opponents: r.opponents, at: Number(r.offered_ms) }
            : null,
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
  return (await attackersOfDay(db, [profileId], day)).get(profileId)?.used ?? 0;
}
