import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { expectBooksBalanced } from './game-helpers.js';
import { createTestContext, type TestContext } from './helpers.js';
import { sample } from './ops-client.js';
import { arenaPlayer, ratings, sendOnMission, type ArenaPlayer } from './arena-helpers.js';

/**
 * The attack desk fights the attacks that arrive together in one transaction
 * (docs/decisions/0013-arena-desk.md). Whatever arrives together, each attack is checked and
 * answered on its own: a refusal answers only its attack and writes nothing for it, and a player
 * in two attacks of a crowd has the second fought after the first, on the rating it left.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const CROWD = process.env.TEST_DATABASE_URL ? 24 : 10;

async function deskMetrics() {
  const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
  return {
    batches: sample(text, 'aleph_arena_attack_batch_size_count') ?? 0,
    attacks: sample(text, 'aleph_arena_attack_batch_size_sum') ?? 0,
  };
}

/** The battles stored with the player as attacker or defender, with each side's change. */
async function storedBattles(id: number) {
  return queryRows<{ id: number; attacker_id: number; change: number }>(
    ctx.database.db,
    sql`select id, attacker_id, case when attacker_id = ${id} then attacker_change
          else defender_change end as change
        from arena_battles where attacker_id = ${id} or defender_id = ${id} order by id`,
  );
}

async function reportsTo(id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from messages
        where profile_id = ${id} and subject like 'Arena: your defence%'`,
  );
  return row!.n;
}

describe('the arena attack desk', () => {
  it('answers each attack of a crowd on its own, refusals mixed in, and fights them together', async () => {
    const attackers: ArenaPlayer[] = [];
    const defenders: ArenaPlayer[] = [];
    for (let i = 0; i < CROWD; i++) {
      attackers.push(await arenaPlayer(ctx));
      const d = await arenaPlayer(ctx);
      await d.setDefence(d.heroIds);
      defenders.push(d);
    }
    // Those who will be refused, each for a reason of its own.
    const stranger = await arenaPlayer(ctx);
    const undefended = await arenaPlayer(ctx);
    const busy = await arenaPlayer(ctx);
    await sendOnMission(ctx, busy);
    const spent = await arenaPlayer(ctx);
    for (let i = 0; i < 5; i++) {
      await spent.offer([defenders[0]!.id]);
      expect((await spent.attack(defenders[0]!.id, [spent.heroIds[0]!])).status).toBe(200);
    }
    const unoffered = await arenaPlayer(ctx);
    const before = await deskMetrics();
    const reportsBefore = await Promise.all(defenders.map((d) => reportsTo(d.id)));

    const [a0, a1, a2] = [attackers[0]!, attackers[1]!, attackers[2]!];
    const [d0, d1, d2] = [defenders[0]!, defenders[1]!, defenders[2]!];
    const crowd = [
      // Everyone attacks a defender of their own...
      ...attackers.map((a, i) => ({ who: a, to: defenders[i]!.id, heroes: a.heroIds, want: 200 })),
      // ...one attacker a second time, and that defender once more by someone else...
      { who: a0, to: d1.id, heroes: a0.heroIds, want: 200 },
      { who: a1, to: d0.id, heroes: a1.heroIds, want: 200 },
      // ...and two defenders attack each other.
      { who: d0, to: d1.id, heroes: d0.heroIds, want: 200 },
      { who: d1, to: d0.id, heroes: d1.heroIds, want: 200 },
      { who: stranger, to: d0.id, heroes: [a0.heroIds[0]!], want: 404 },
      { who: stranger, to: undefended.id, heroes: stranger.heroIds, want: 409 },
      { who: busy, to: d1.id, heroes: busy.heroIds, want: 409 },
      { who: spent, to: d1.id, heroes: [spent.heroIds[0]!], want: 429 },
      { who: stranger, to: 2_000_000, heroes: stranger.heroIds, want: 404 },
      // An opponent the attacker was not offered, and one its first attack took off the offer.
      { who: unoffered, to: d0.id, heroes: unoffered.heroIds, want: 409 },
      { who: a2, to: d2.id, heroes: a2.heroIds, want: 409 },
    ];
    // Each attacker's offer holds the opponents of its attacks above; the unoffered player's
    // holds another.
    const offers = new Map<ArenaPlayer, number[]>([[unoffered, [d1.id]]]);
    for (const c of crowd)
      if (c.who !== unoffered) offers.set(c.who, [...(offers.get(c.who) ?? []), c.to]);
    for (const [who, ids] of offers) await who.offer([...new Set(ids)]);
    const answers = await Promise.all(crowd.map((c) => c.who.attack(c.to, c.heroes)));
    // a2 attacks d2 twice at once: whichever attack the desk takes first is fought and the
    // other is refused, as the opponent left the offer; which one is up to the arrival order.
    const twice = [2, crowd.length - 1];
    const others = (_: unknown, i: number) => !twice.includes(i);
    expect(answers.map((r) => r.status).filter(others)).toEqual(
      crowd.map((c) => c.want).filter(others),
    );
    const pair = twice.map((i) => answers[i]!);
    expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(pair.find((r) => r.status === 409)!.body.code).toBe('ARENA_OPPONENT_NOT_OFFERED');
    expect(answers.slice(-7, -1).map((r) => r.body.code)).toEqual([
      'HERO_NOT_FOUND',
      'ARENA_NO_DEFENCE',
      'ARENA_HERO_BUSY',
      'ARENA_DAILY_LIMIT',
      'ARENA_OPPONENT_NOT_FOUND',
      'ARENA_OPPONENT_NOT_OFFERED',
    ]);

    // The desk fought the crowd in fewer transactions than attacks.
    const after = await deskMetrics();
    expect(after.attacks - before.attacks).toBe(crowd.length);
    expect(after.batches - before.batches).toBeLessThan(crowd.length);

    // Every battle answered is stored once, as answered, and replays to the same log.
    const won = answers.filter((r) => r.status === 200).map((r) => r.body);
    const [stored] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from arena_battles where id = any(${`{${won.map((b) => b.id).join(',')}}`}::int[])`,
    );
    expect(stored!.n).toBe(won.length);
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 200) continue;
      const replay = await crowd[i]!.who.call('GET', `/halba/battles/${answer.body.id}`);
      expect(replay.body).toEqual(answer.body);
    }

    // A player's rating is the start plus every change of theirs, each battle having read the
    // rating the one before it left: a player fought twice saw their first battle's rating.
    const players = [...attackers, ...defenders, stranger, busy, spent, unoffered];
    for (const p of players) {
      const mine = await storedBattles(p.id);
      const sum = mine.reduce((s, b) => s + b.change, 0);
      expect(await ratings(ctx, [p.id])).toEqual([1000 + sum]);
    }
    const a0Battles = won.filter((b) => b.attacker.profileId === a0.id);
    expect(a0Battles).toHaveLength(2);
    const [first, second] = a0Battles.sort((x, y) => x.id - y.id);
    expect(second!.attacker.rating - second!.attacker.change).toBe(first!.attacker.rating);

    // Each defender heard of each battle fought against them, and of nothing else.
    for (const [i, d] of defenders.entries()) {
      const against = won.filter((b) => b.defender.profileId === d.id).length;
      expect(await reportsTo(d.id)).toBe(reportsBefore[i]! + against);
    }
    expect(await reportsTo(undefended.id)).toBe(0);
    await expectBooksBalanced(ctx);
  });

  // Two server processes on one PostgreSQL, each with its own pool and so its own desk: their
  // batches meet only at the row locks (PGlite has one connection and one process).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps ratings, offers and the daily limit exact with the attacks split between two processes',
    async () => {
      const second: Database = await openDatabase({ databaseUrl: ctx.databaseUrl!, poolSize: 10 });
      const other: FastifyInstance = await buildApp({
        config: ctx.config,
        database: second,
        clock: ctx.clock,
        accountHooks: [grantStarter],
      });
      await other.ready();
      try {
        const via = (n: number, p: ArenaPlayer, opponent: number, heroes: number[]) =>
          n % 2 === 0
            ? p.attack(opponent, heroes).then((r) => r.status)
            : other
                .inject({
                  method: 'POST',
                  url: '/halba/attack',
                  headers: { cookie: p.cookie },
                  payload: { opponent, heroes },
                })
                .then((r) => r.statusCode);
        const d = await arenaPlayer(ctx);
        await d.setDefence(d.heroIds);
        const crowd: ArenaPlayer[] = [];
        for (let i = 0; i < 8; i++) crowd.push(await arenaPlayer(ctx));
        const [x, y] = [await arenaPlayer(ctx), await arenaPlayer(ctx)];
        await Promise.all([x.setDefence(x.heroIds), y.setDefence(y.heroIds)]);
        await Promise.all(crowd.slice(0, 3).map((c) => c.setDefence(c.heroIds)));
        for (const a of crowd) await a.offer([d.id]);
        await Promise.all([x.offer([y.id]), y.offer([x.id])]);
        // The crowd's defender has 2 of the day's attacks left and 5 players offered.
        for (let i = 0; i < 3; i++) {
          await d.offer([x.id]);
          expect(await via(i, d, x.id, [d.heroIds[0]!])).toBe(200);
        }
        const dOffer = [x.id, y.id, ...crowd.slice(0, 3).map((c) => c.id)];
        await d.offer(dOffer);
        const [mark] = await queryRows<{ id: number }>(
          ctx.database.db,
          sql`select coalesce(max(id), 0)::int as id from arena_battles`,
        );
        const statuses = await Promise.all([
          // Eight attackers on one defender, half through each process...
          ...crowd.map((a, n) => via(n, a, d.id, a.heroIds)),
          // ...two players attacking each other through both, each offered the other once...
          ...[0, 1, 2, 3].map((n) =>
            n < 2 ? via(n, x, y.id, x.heroIds) : via(n, y, x.id, y.heroIds),
          ),
          // ...and the crowd's defender attacking its five, each twice, at once.
          ...[...dOffer, ...dOffer].map((id, n) => via(n, d, id, [d.heroIds[0]!])),
        ]);
        expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
        expect(statuses.slice(8, 10).sort()).toEqual([200, 409]);
        expect(statuses.slice(10, 12).sort()).toEqual([200, 409]);
        const spent = statuses.slice(12);
        expect(spent.filter((s) => s === 200)).toHaveLength(2);
        expect(spent.filter((s) => s !== 200).every((s) => s === 409 || s === 429)).toBe(true);
        // The day's last two, on two players of the offer.
        const [late] = await queryRows<{ n: number; opponents: number }>(
          ctx.database.db,
          sql`select count(*)::int as n, count(distinct defender_id)::int as opponents
              from arena_battles where attacker_id = ${d.id} and id > ${mark!.id}`,
        );
        expect(late).toEqual({ n: 2, opponents: 2 });
        for (const p of [d, x, y, ...crowd]) {
          const sum = (await storedBattles(p.id)).reduce((s, b) => s + b.change, 0);
          expect(await ratings(ctx, [p.id])).toEqual([1000 + sum]);
        }
        await expectBooksBalanced(ctx);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});
