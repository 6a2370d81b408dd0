import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekStart } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { payClosedArenaWeek } from '../src/modules/arena/weekly.js';
import { expectBooksBalanced } from './game-helpers.js';
import { createTestContext, type TestContext } from './helpers.js';
import { arenaPlayer, ratings } from './arena-helpers.js';

/**
 * The Arena's races. On PostgreSQL (TEST_DATABASE_URL) the requests really run at once on
 * separate connections; on PGlite they queue, and the totals must hold either way.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const battlesOf = async (column: 'attacker_id' | 'defender_id', id: number) => {
  const [row] = await queryRows<{ n: number; sum: number }>(
    ctx.database.db,
    sql`select count(*)::int as n, coalesce(sum(case when ${sql.raw(column)} = attacker_id
          then attacker_change else defender_change end), 0)::int as sum
        from arena_battles where ${sql.raw(column)} = ${id}`,
  );
  return row!;
};

describe('Arena races', () => {
  it('counts every one of many parallel attacks on one defender', async () => {
    const d = await arenaPlayer(ctx);
    await d.setDefence(d.heroIds);
    const attackers = await Promise.all(Array.from({ length: 8 }, () => arenaPlayer(ctx)));
    await Promise.all(attackers.map((a) => a.offer([d.id])));
    const results = await Promise.all(attackers.map((a) => a.attack(d.id, a.heroIds)));
    expect(results.map((r) => r.status)).toEqual(attackers.map(() => 200));
    // Each attack read the defender's rating the previous one wrote: the sum of the changes
    // is what the rating moved, and every attacker's rating moved by its own change.
    const defended = await battlesOf('defender_id', d.id);
    expect(defended.n).toBe(8);
    expect(await ratings(ctx, [d.id])).toEqual([1000 + defended.sum]);
    const after = await ratings(
      ctx,
      attackers.map((a) => a.id),
    );
    expect(after).toEqual(results.map((r) => 1000 + r.body.attacker.change));
    const ratingsSeen = results.map((r) => r.body.defender.rating - r.body.defender.change);
    expect(new Set(ratingsSeen).size).toBeGreaterThan(1); // not all read the same 1000
  });

  it('never lets one player pass 5 attacks a day, however many run at once', async () => {
    const a = await arenaPlayer(ctx);
    const defenders = await Promise.all(Array.from({ length: 5 }, () => arenaPlayer(ctx)));
    await Promise.all(defenders.map((d) => d.setDefence(d.heroIds)));
    // Two of the day's attacks spent, then five players offered and each attacked at once.
    for (const d of defenders.slice(0, 2)) {
      await a.offer([d.id]);
      expect((await a.attack(d.id, [a.heroIds[0]!])).status).toBe(200);
    }
    await a.offer(defenders.map((d) => d.id));
    const results = await Promise.all(defenders.map((d) => a.attack(d.id, [a.heroIds[0]!])));
    const codes = results.map((r) => r.status).sort();
    expect(codes).toEqual([...Array(3).fill(200), ...Array(2).fill(429)]);
    expect((await battlesOf('attacker_id', a.id)).n).toBe(5);
  });

  it('never lets one offered player be fought twice from one offer, however many run at once', async () => {
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    await d.setDefence(d.heroIds);
    await a.offer([d.id]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => a.attack(d.id, [a.heroIds[0]!])),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(5).fill(409)]);
    expect((await battlesOf('attacker_id', a.id)).n).toBe(1);
  });

  it('has two players attacking each other at once without a deadlock', async () => {
    const a = await arenaPlayer(ctx);
    const b = await arenaPlayer(ctx);
    const c = await arenaPlayer(ctx);
    await Promise.all([a.setDefence(a.heroIds), b.setDefence(b.heroIds), c.setDefence(c.heroIds)]);
    // Each is offered the other and c: a and b attack each other, and both attack c.
    await Promise.all([a.offer([b.id, c.id]), b.offer([a.id, c.id])]);
    const results = await Promise.all([
      a.attack(b.id, a.heroIds),
      b.attack(a.id, b.heroIds),
      a.attack(c.id, a.heroIds),
      b.attack(c.id, b.heroIds),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const [ra, rb, rc] = await ratings(ctx, [a.id, b.id, c.id]);
    expect(ra! + rb! + rc!).toBe(3000);
  });

  it('pays the weekly rewards exactly once with several payers at once', async () => {
    const now = ctx.clock.now();
    const next = new Date(isoWeekStart(now.getTime()) + 7 * 86_400_000 + 60_000);
    const paid = await Promise.all(
      Array.from({ length: 6 }, () => payClosedArenaWeek(ctx.database.db, next)),
    );
    const winners = paid.filter((n) => n !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toBeGreaterThan(0);
    const [ledger] = await queryRows<{ n: number; gold: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, sum(delta)::int as gold from ledger where cause = 'arena_week'`,
    );
    expect(ledger!.n).toBe(winners[0]);
    const [messages] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from messages where subject like 'Arena: place %'`,
    );
    expect(messages!.n).toBe(winners[0]);
    // Place 1 got 5000 gold (docs/game-rules.md, Arena).
    const [first] = await queryRows<{ gold: number }>(
      ctx.database.db,
      sql`select max(delta)::int as gold from ledger where cause = 'arena_week'`,
    );
    expect(first!.gold).toBe(5000);
    expect(await payClosedArenaWeek(ctx.database.db, next)).toBeNull();
    await expectBooksBalanced(ctx);
  });

  it("counts each first win once in the achievement's earners, however many win at once", async () => {
    const earners = async () => {
      const [row] = await queryRows<{ earners: number; earned: number }>(
        ctx.database.db,
        sql`select coalesce((select earners from achievement_earners where code = 'ARENA_WIN_1'), 0) as earners,
                   (select count(*)::int from achievements_earned where code = 'ARENA_WIN_1') as earned`,
      );
      return row!;
    };
    const before = await earners();
    expect(before.earners).toBe(before.earned);
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => [await arenaPlayer(ctx), await arenaPlayer(ctx)]),
    );
    await Promise.all(pairs.flat().map((p) => p.setDefence(p.heroIds)));
    await Promise.all(pairs.flatMap(([a, d]) => [a!.offer([d!.id]), d!.offer([a!.id])]));
    // Every pair fights both ways at once: twelve battles, each won by one of twelve new players.
    const results = await Promise.all(
      pairs.flatMap(([a, d]) => [a!.attack(d!.id, a!.heroIds), d!.attack(a!.id, d!.heroIds)]),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const winners = new Set(
      results.map(
        (r) => (r.body.winner === 'attacker' ? r.body.attacker : r.body.defender).profileId,
      ),
    );
    const after = await earners();
    expect(after.earned - before.earned).toBe(winners.size);
    expect(after.earners).toBe(after.earned);
    await expectBooksBalanced(ctx);
  });
});
