import { drawSeed } from '../../lib/seed-source.js';
import { sql } from 'drizzle-orm';
import {
  ARENA_CONFIG,
  arenaOfferStands,
  eloChange,
  isoWeekKey,
  nextAttackDayAt,
  runBattle,
  utcDayKey,
  type BattleResult,
  type HeroState,
} from '@aleph/rules';
import { ArenaErrorCode, type ArenaAttackBody, type ArenaBattle } from '@aleph/contracts';
import { preparedRows, type Db, type Executor } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { BatchDesk, type DeskOrder, type Outcome } from '../../lib/batch-desk.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { heroNotFound } from '../../core/not-found.js';
import { earnReached, progressUpsert, type ProgressValue } from '../../core/achievements.js';
import { jsonRows } from '../../core/json-rows.js';
import { ChangeBook } from '../../core/change-book.js';
import { eventsCtes } from '../../core/events.js';
import {
  bookMessageEvents,
  messagesInsert,
  writeMessages,
  type NewMessage,
} from '../../core/inbox.js';
import { heroesOfList, toBattleHero } from './heroes.js';
import {
  attackersOfDay,
  lockArenaPlayers,
  type AttackerDay,
  type LockedArenaRow,
} from './players.js';
import { battleOf, type BattleRow } from './views.js';

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function dailyLimit(now: Date): AppError {
  const opens = nextAttackDayAt(now.getTime());
  const seconds = Math.max(1, Math.ceil((opens - now.getTime()) / 1000));
  return new AppError(
    429,
    ArenaErrorCode.dailyLimit,
    `You have used your ${ARENA_CONFIG.attacksPerDay} attacks today. The next open at ${new Date(opens).toISOString()}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Only a player of the attacker's latest offer (`GET /halba/opponents`), within its minutes and
 * once per offer (docs/game-rules.md, Arena): no attack on a colluding defender picked by id.
 */
function checkOffer(offer: AttackerDay['offer'], opponent: number, nickname: string, now: Date) {
  const again = 'Ask for opponents again.';
  if (!offer || !arenaOfferStands(offer.at, now.getTime()))
    throw conflict(
      ArenaErrorCode.opponentNotOffered,
      `You have no opponents offered in the last ${ARENA_CONFIG.offerMinutes} minutes. ${again}`,
      'opponent',
    );
  if (!offer.opponents.includes(opponent))
    throw conflict(
      ArenaErrorCode.opponentNotOffered,
      `${nickname} is not among the opponents offered to you (each may be attacked once per offer). ${again}`,
      'opponent',
    );
}

function checkAttackers(heroes: HeroState[], ids: readonly number[], profileId: number) {
  if (heroes.length !== ids.length || heroes.some((h) => h.ownerId !== profileId))
    throw heroNotFound();
  const busy = heroes.find((h) => h.busy);
  if (busy)
    throw conflict(
      ArenaErrorCode.heroBusy,
      `${busy.name} is on a mission and cannot fight.`,
      'heroes',
    );
}

/** At most this many attacks are fought in one transaction. */
const MAX_BATCH = 64;
/**
 * Batches running at once in this process, each on a connection of the pool: the next one
 * takes its locks and reads while the one before writes and commits. Measured at 64
 * attackers, 2 gave more attacks a second than 1 (one batch at a time leaves the round trips
 * idle) and than 3 or 4 (the batches get small and each pays its round trips for a few
 * attacks): docs/performance.md, Arena.
 */
const MAX_IN_FLIGHT = 2;

/** An attack waiting for the desk. */
interface Order extends DeskOrder<ArenaBattle> {
  profileId: number;
  body: ArenaAttackBody;
  now: Date;
}

/** An attack of a batch that passed its checks and was fought. */
interface Fought {
  order: Order;
  battle: Omit<BattleRow, 'id'>;
  result: BattleResult;
}

/**
 * One batch in one transaction (docs/game-rules.md, Arena): every player's arena row locked
 * in id order, the day's attacks counted and the offers read after the locks (so parallel
 * attacks of one player never pass five, nor take one offered opponent twice), each attack
 * checked on its own and fought from a fresh seed, both ratings moved by the same Elo change,
 * the battles stored with their seeds, each opponent taken off its attacker's offer, each
 * defender told by the inbox. A refusal answers its own attack and writes nothing for it.
 */
async function fightBatch(
  tx: Executor,
  batch: readonly Order[],
): Promise<Map<Order, Outcome<ArenaBattle>>> {
  const out = new Map<Order, Outcome<ArenaBattle>>();
  // The batch happens at one moment: the latest of its requests' clocks.
  const now = new Date(Math.max(...batch.map((o) => o.now.getTime())));
  const day = utcDayKey(now.getTime());
  const rows = await lockArenaPlayers(
    tx,
    batch.flatMap((o) => [
      { profileId: o.profileId, heroes: o.body.heroes },
      { profileId: o.body.opponent, heroes: null },
    ]),
  );
  const attackers = await attackersOfDay(
    tx,
    batch.map((o) => o.profileId),
    day,
  );
  const fought: Fought[] = [];
  for (const o of batch) {
    try {
      fought.push(fight(o, rows, attackers.get(o.profileId), now));
    } catch (err) {
      out.set(o, { error: err });
    }
  }
  if (fought.length === 0) return out;

  // Each winner's arena win counts toward the achievements (docs/game-rules.md), counted in
  // the battles' statement; the goals it reaches are earned below (countProgress in parts).
  // A player is in one attack of the batch, so no two wins of one player are combined.
  const progress = progressUpsert(
    fought.map((f) => ({
      profileId: f.battle.winner === 'attacker' ? f.battle.attacker_id : f.battle.defender_id,
      metric: 'arena_wins' as const,
      amount: 1,
    })),
  )!;
  const reports = fought.map((f) => reportOf(f.battle, now));
  // The reports' `inbox.new` are written by the same statement, each counting the report it
  // inserts, and the update that numbers them also raises each defender's state version (a
  // report is in their cached reads). The statement turns aleph.defer_versions on, so the
  // messages' trigger does not update every defender's profile row a second time; from there
  // on this transaction bumps the versions it changes itself (docs/performance.md, Arena).
  const book = new ChangeBook();
  bookMessageEvents(reports, book.events);
  // The defender hears of it on their phone too (docs/architecture.md, "Web push").
  for (const { battle: b } of fought)
    book.events.push(b.defender_id, 'arena.attacked', {
      attacker: b.attacker_name,
      held: b.winner === 'defender',
      change: b.defender_change,
      rating: b.defender_rating,
    });
  const reportEvents = eventsCtes(book.events, now, {
    when: sql`true`,
    newMessages: 'report',
    bumpVersions: true,
  });
  const battles = fought.map((f, n) => ({
    n,
    a: f.battle.attacker_id,
    d: f.battle.defender_id,
    s: f.battle.seed,
    x: f.battle.attackers,
    y: f.battle.defenders,
    w: f.battle.winner,
    ac: f.battle.attacker_change,
    dc: f.battle.defender_change,
    ar: f.battle.attacker_rating,
    dr: f.battle.defender_rating,
  }));
  const changes = fought.flatMap((f) => [
    { p: f.battle.attacker_id, c: f.battle.attacker_change },
    { p: f.battle.defender_id, c: f.battle.defender_change },
  ]);
  // The same text whatever the batch holds: PostgreSQL keeps one plan of it. That plan cannot
  // know how many rows a JSON parameter holds (it guesses 100), so the players' rows are found
  // by `= any(array(...))`, their key's index, never by reading the whole table to join it.
  const [row] = await preparedRows<{
    ids: Array<{ id: number; a: number }>;
    progress: ProgressValue[];
  }>(
    tx,
    'arena_battles',
    sql`with b as (insert into arena_battles (attacker_id, defender_id, seed, attackers, defenders,
                     winner, attacker_change, defender_change, attacker_rating, defender_rating, day, week, created_at)
                   select a, d, s, x, y, w, ac, dc, ar, dr, ${day}::text, ${isoWeekKey(now.getTime())}::text, ${now}::timestamptz
                   from jsonb_to_recordset(${jsonRows(battles)}) as v(n int, a int, d int, s int, x jsonb,
                     y jsonb, w text, ac int, dc int, ar int, dr int)
                   order by n
                   returning id, attacker_id, defender_id),
             -- Each opponent fought leaves its attacker's offer (a player attacks once a batch).
             taken as (update arena_offers o set opponents = array_remove(o.opponents, b.defender_id)
                   from b
                   where o.profile_id = b.attacker_id and o.profile_id = any(array(select attacker_id from b))),
             ch as materialized (select p, c from jsonb_to_recordset(${jsonRows(changes)}) as v(p int, c int)),
             r as (update arena_players a set rating = a.rating + ch.c, updated_at = ${now}::timestamptz
                   from ch
                   where a.profile_id = ch.p and a.profile_id = any(array(select p from ch))),
             won as (${progress.statement}),
             report as (${messagesInsert(reports)}),
             ${reportEvents}
        select (select json_agg(json_build_object('id', id, 'a', attacker_id)) from b) as ids,
               (select coalesce(json_agg(won), '[]'::json) from won) as progress,
               -- Read before the statement's triggers fire, which is after its last row.
               set_config('aleph.defer_versions', 'on', true) as deferred`,
  );
  const idOf = new Map((row?.ids ?? []).map((r) => [r.a, r.id]));
  // The notes of what the wins earned and their push events (rare: a goal reached). The
  // versions are deferred: the earners' are raised with their XP.
  const notes = await earnReached(tx, book, progress, row?.progress ?? [], now);
  await writeMessages(tx, notes, { events: book.events });
  await book.flush(tx, { at: now, bumpVersionsOf: notes.map((n) => n.profileId) });
  for (const f of fought) {
    const id = idOf.get(f.battle.attacker_id);
    if (id === undefined) throw new Error('a fought battle was not stored');
    out.set(f.order, { ok: battleOf({ ...f.battle, id }, f.battle.attacker_id, f.result) });
  }
  return out;
}

/** Checks one attack against the locked rows and fights it (throws its refusal). */
function fight(
  o: Order,
  rows: ReadonlyMap<number, LockedArenaRow>,
  day: AttackerDay | undefined,
  now: Date,
): Fought {
  const { profileId, body } = o;
  const me = rows.get(profileId);
  const them = rows.get(body.opponent);
  if (!me) throw notFound('Profile not found.');
  if (!them) throw notFound('There is no such opponent.', ArenaErrorCode.opponentNotFound);
  if ((day?.used ?? 0) >= ARENA_CONFIG.attacksPerDay) throw dailyLimit(now);
  checkOffer(day?.offer ?? null, body.opponent, them.nickname, now);
  const mine = heroesOfList(me.heroes, now);
  const theirs = heroesOfList(them.heroes, now).filter((h) => h.ownerId === body.opponent);
  checkAttackers(mine, body.heroes, profileId);
  if (theirs.length === 0)
    throw conflict(ArenaErrorCode.noDefence, `${them.nickname} has no defence team.`, 'opponent');
  const input = { attackers: mine.map(toBattleHero), defenders: theirs.map(toBattleHero) };
  const seed = drawSeed();
  const result = runBattle(input, seed);
  const change = eloChange(me.rating, them.rating, result.winner === 'attacker');
  return {
    order: o,
    result,
    battle: {
      attacker_id: profileId,
      defender_id: body.opponent,
      attacker_name: me.nickname,
      defender_name: them.nickname,
      seed,
      ...input,
      winner: result.winner,
      attacker_change: change.attacker,
      defender_change: change.defender,
      attacker_rating: me.rating + change.attacker,
      defender_rating: them.rating + change.defender,
      created_at: now,
    },
  };
}

/** The defender's report of a battle (only a stored battle writes one). */
function reportOf(b: Omit<BattleRow, 'id'>, now: Date): NewMessage {
  const held = b.winner === 'defender';
  return {
    profileId: b.defender_id,
    kind: 'system',
    at: now,
    subject: held ? 'Arena: your defence held' : 'Arena: your defence fell',
    body: `<p><b>${escapeText(b.attacker_name)}</b> attacked your defence team and ${held ? 'lost' : 'won'}. Your rating ${b.defender_change >= 0 ? 'rose' : 'fell'} by ${Math.abs(b.defender_change)} to ${b.defender_rating}.</p>`,
  };
}

/**
 * The attacks of this process, fought in batches (docs/decisions/0013-arena-desk.md): a batch
 * starts on the next turn of the event loop and takes the attacks that wait, a player (attacker
 * or defender) in at most one of them, so a player's second attack is fought after the first
 * commits, on what it left. A batch costs a fixed number of statements whatever its size, so
 * under load an attack's share of the round trips, the plans and the commit shrinks with the
 * number waiting; alone, an attack is a batch of one.
 */
export type AttackDesk = BatchDesk<ArenaBattle, Order>;

const desks = new WeakMap<Db, AttackDesk>();

/** The attack desk of this process for `db` (one per database handle). */
export function arenaDesk(db: Db): AttackDesk {
  let desk = desks.get(db);
  if (!desk) {
    desk = new BatchDesk<ArenaBattle, Order>(
      {
        maxBatch: MAX_BATCH,
        maxInFlight: MAX_IN_FLIGHT,
        players: (o) => [o.profileId, o.body.opponent],
        startOnNextTurn: true,
      },
      // A deadlock or serialization failure runs the whole batch again (fresh seeds, same moment).
      (batch) => withRetry(() => db.transaction((tx) => fightBatch(tx, batch))),
    );
    desks.set(db, desk);
  }
  return desk;
}

/**
 * An attack (docs/game-rules.md, Arena), handed to this process's desk and answered when its
 * batch commits: the battle, or the refusal of this attack alone.
 */
export function attack(
  db: Db,
  profileId: number,
  body: ArenaAttackBody,
  now: Date,
): Promise<ArenaBattle> {
  if (body.opponent === profileId)
    return Promise.reject(
      badRequest(ArenaErrorCode.opponentSelf, 'You cannot attack your own defence.', 'opponent'),
    );
  const desk = arenaDesk(db);
  return new Promise((resolve, reject) => desk.submit({ profileId, body, now, resolve, reject }));
}
