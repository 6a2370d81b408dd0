import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ARENA_CONFIG,
  eloChange,
  isoWeekKey,
  nextAttackDayAt,
  runBattle,
  utcDayKey,
  type HeroState,
} from '@aleph/rules';
import { ArenaErrorCode, type ArenaAttackBody, type ArenaBattle } from '@aleph/contracts';
import { preparedRows, type Db } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { heroNotFound } from '../missions/check-input.js';
import { earnReached, progressUpsert, type ProgressValue } from '../game/achievements.js';
import { ChangeBook } from '../game/change-book.js';
import { eventsCtes } from '../game/events.js';
import {
  bookMessageEvents,
  messagesInsert,
  writeMessages,
  type NewMessage,
} from '../messages/store.js';
import { heroesOfList, toBattleHero } from './heroes.js';
import { lockArenaRows } from './players.js';
import { battleOf } from './views.js';

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

/**
 * An attack, fought at once in one transaction (docs/game-rules.md, Arena): both arena rows
 * locked in id order, the day's limit counted under the attacker's lock (so parallel attacks of
 * one player never pass five), the battle simulated from a fresh seed, both ratings moved by
 * the same Elo change, the battle stored with its seed, and the defender told by the inbox.
 */
export async function attack(
  db: Db,
  profileId: number,
  body: ArenaAttackBody,
  now: Date,
): Promise<ArenaBattle> {
  if (body.opponent === profileId)
    throw badRequest(
      ArenaErrorCode.opponentSelf,
      'You cannot attack your own defence.',
      'opponent',
    );
  const day = utcDayKey(now.getTime());
  return withRetry(() =>
    db.transaction(async (tx) => {
      const rows = await lockArenaRows(tx, profileId, body.opponent, body.heroes, day);
      const me = rows.get(profileId)!;
      const them = rows.get(body.opponent);
      if (!them) throw notFound('There is no such opponent.', ArenaErrorCode.opponentNotFound);
      if (me.used >= ARENA_CONFIG.attacksPerDay) throw dailyLimit(now);
      const attackerName = me.nickname;
      const defenderName = them.nickname;
      const mine = heroesOfList(me.heroes, now);
      const theirs = heroesOfList(them.heroes, now).filter((h) => h.ownerId === body.opponent);
      checkAttackers(mine, body.heroes, profileId);
      if (theirs.length === 0)
        throw conflict(
          ArenaErrorCode.noDefence,
          `${defenderName} has no defence team.`,
          'opponent',
        );
      const input = { attackers: mine.map(toBattleHero), defenders: theirs.map(toBattleHero) };
      const seed = randomInt(0, 2 ** 31 - 1);
      const result = runBattle(input, seed);
      const change = eloChange(me.rating, them.rating, result.winner === 'attacker');
      const held = result.winner === 'defender';
      const winnerId = held ? body.opponent : profileId;
      // The winner's arena win counts toward the achievements (docs/game-rules.md), counted in
      // the battle's statement; the goals it reaches are earned below (countProgress in parts).
      const progress = progressUpsert([{ profileId: winnerId, metric: 'arena_wins', amount: 1 }])!;
      const defenderRating = them.rating + change.defender;
      // The defender is told by the inbox, in the battle's statement: only a stored battle
      // writes its report (docs/game-rules.md, Arena).
      const report: NewMessage = {
        profileId: body.opponent,
        kind: 'system',
        at: now,
        subject: held ? 'Arena: your defence held' : 'Arena: your defence fell',
        body: `<p><b>${escapeText(attackerName)}</b> attacked your defence team and ${held ? 'lost' : 'won'}. Your rating ${change.defender >= 0 ? 'rose' : 'fell'} by ${Math.abs(change.defender)} to ${defenderRating}.</p>`,
      };
      // The report's `inbox.new` is written by the battle's statement too, counting the report
      // it inserts (docs/performance.md, Arena).
      const book = new ChangeBook();
      bookMessageEvents([report], book.events);
      const reportEvents = eventsCtes(book.events, now, {
        when: sql`exists (select 1 from b)`,
        newMessages: 'report',
      });
      // The day's limit, exactly: this statement's snapshot is taken after the attacker's lock
      // was granted, so it sees every attack of this player that committed while this one
      // waited, and none can commit before this one does. Over the limit, no battle is stored
      // and the refusal rolls the rest back.
      const [row] = await preparedRows<{ id: number | null; progress: ProgressValue[] }>(
        tx,
        'arena_battle',
        sql`with used as (select count(*)::int as n from arena_battles
                          where attacker_id = ${profileId} and day = ${day}),
                 b as (insert into arena_battles (attacker_id, defender_id, seed, attackers, defenders,
                         winner, attacker_change, defender_change, attacker_rating, defender_rating, day, week, created_at)
                       select ${profileId}, ${body.opponent}, ${seed}, ${JSON.stringify(input.attackers)}::jsonb,
                         ${JSON.stringify(input.defenders)}::jsonb, ${result.winner}, ${change.attacker},
                         ${change.defender}, ${me.rating + change.attacker}, ${defenderRating},
                         ${day}, ${isoWeekKey(now.getTime())}, ${now}
                       where (select n from used) < ${ARENA_CONFIG.attacksPerDay}
                       returning id),
                 r as (update arena_players a set rating = a.rating + v.c, updated_at = ${now}
                       from (values (${profileId}::int, ${change.attacker}::int),
                                    (${body.opponent}::int, ${change.defender}::int)) as v(p, c)
                       where a.profile_id = v.p and exists (select 1 from b)),
                 won as (${progress.statement}),
                 report as (${messagesInsert([report], sql`exists (select 1 from b)`)}),
                 ${reportEvents}
            select (select id from b) as id,
                   (select coalesce(json_agg(won), '[]'::json) from won) as progress`,
      );
      if (row?.id === null || row?.id === undefined) throw dailyLimit(now);
      const battleRow = {
        id: row.id,
        attacker_id: profileId,
        defender_id: body.opponent,
        attacker_name: attackerName,
        defender_name: defenderName,
        seed,
        ...input,
        winner: result.winner,
        attacker_change: change.attacker,
        defender_change: change.defender,
        attacker_rating: me.rating + change.attacker,
        defender_rating: defenderRating,
        created_at: now,
      };
      // The notes of what the win earned and their push events (rare: a goal reached).
      const notes = await earnReached(tx, book, progress, row.progress, now);
      await writeMessages(tx, notes, { events: book.events });
      await book.flush(tx, { at: now });
      return battleOf(battleRow, profileId, result);
    }),
  );
}
