import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AllianceBoardResponse } from '@aleph/contracts';
import { isoWeekStart, SOCIAL_CONFIG } from '@aleph/rules';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { addBoardScore, BoardTally } from '../src/core/boards.js';
import { allianceWeekOf } from '../src/modules/alliances/week.js';
import { payClosedAllianceWeek } from '../src/jobs/alliance-weeks.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, expectBooksBalanced } from './game-helpers.js';
import { allianceOf, player, type TestPlayer } from './alliance-test-kit.js';

const { board, goal } = SOCIAL_CONFIG.alliances;

/**
 * The weekly alliance board and goal (docs/game-rules.md, Alliances). Each describe block has
 * its own database: the board counts every alliance of the week.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const xp = (p: TestPlayer, points: number) =>
  ctx.database.db.transaction((tx) =>
    addBoardScore(tx, 'TOP_XP_GAINERS', p.id, points, ctx.clock.now()),
  );
const claimed = (p: TestPlayer, gold: number) =>
  ctx.database.db.transaction((tx) =>
    addBoardScore(tx, 'TOP_GOLD_CLAIMERS', p.id, gold, ctx.clock.now()),
  );
const boardOf = async (p: TestPlayer) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/mirza/alliances/last',
    headers: { cookie: p.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AllianceBoardResponse;
};
const scores = (allianceId: number) =>
  queryRows<{ profile_id: number; xp: string; gold: string }>(
    ctx.database.db,
    sql`select profile_id, xp, gold from alliance_scores where alliance_id = ${allianceId}
        order by profile_id`,
  );
const gold = async (p: TestPlayer) =>
  Number(
    (
      await queryRows<{ gold: string }>(
        ctx.database.db,
        sql`select gold from profiles where id = ${p.id}`,
      )
    )[0]!.gold,
  );

describe('alliance scores are written with the weekly boards', () => {
  it("a member's XP and claimed gold count for their alliance; a player in none adds nothing", async () => {
    const [a, b, loner] = [await player(ctx), await player(ctx), await player(ctx)];
    const id = await allianceOf(ctx, [
      { id: a.id, role: 'leader' },
      { id: b.id, role: 'member' },
    ]);
    // One tally with both boards and several points: one write.
    await ctx.database.db.transaction(async (tx) => {
      const tally = new BoardTally();
      const at = ctx.clock.now();
      tally.add({ board: 'TOP_XP_GAINERS', profileId: a.id, points: 30, at });
      tally.add({ board: 'TOP_XP_GAINERS', profileId: a.id, points: 12, at });
      tally.add({ board: 'TOP_GOLD_CLAIMERS', profileId: a.id, points: 500, at });
      tally.add({ board: 'TOP_XP_GAINERS', profileId: loner.id, points: 99, at });
      await tally.write(tx);
    });
    await claimed(b, 250);
    expect((await scores(id)).map((r) => [r.profile_id, Number(r.xp), Number(r.gold)])).toEqual([
      [a.id, 42, 500],
      [b.id, 0, 250],
    ]);
    const none = await queryRows(
      ctx.database.db,
      sql`select 1 from alliance_scores where profile_id = ${loner.id}`,
    );
    expect(none).toEqual([]);
    // The player's own board still has the points.
    const [own] = await queryRows<{ score: string }>(
      ctx.database.db,
      sql`select score from board_scores where profile_id = ${loner.id}`,
    );
    expect(Number(own!.score)).toBe(99);
    // After leaving, points go nowhere.
    await ctx.database.db.execute(sql`delete from alliance_members where profile_id = ${b.id}`);
    await xp(b, 7);
    expect(Number((await scores(id)).find((r) => r.profile_id === b.id)!.xp)).toBe(0);
    const week = await allianceWeekOf(ctx.database.db, id, ctx.clock.now());
    expect(week.xp).toBe(42);
    expect(week.goal).toMatchObject({
      target: goal.gold,
      progress: 750,
      rewardGold: goal.rewardGold,
      contributors: [
        { profileid: a.id, nickname: a.nickname, gold: 500 },
        { profileid: b.id, nickname: b.nickname, gold: 250 },
      ],
    });
  });
});

describe('the weekly alliance board', () => {
  it("orders by XP, then the older alliance, and adds the caller's row outside the top", async () => {
    const fresh = await createTestContext();
    const old = ctx;
    ctx = fresh;
    try {
      const [p1, p2, p3, p4, loner] = [
        await player(ctx),
        await player(ctx),
        await player(ctx),
        await player(ctx),
        await player(ctx),
      ];
      const first = await allianceOf(ctx, [{ id: p1.id, role: 'leader' }]);
      const tieOld = await allianceOf(ctx, [{ id: p2.id, role: 'leader' }]);
      const tieNew = await allianceOf(ctx, [{ id: p3.id, role: 'leader' }]);
      const quiet = await allianceOf(ctx, [{ id: p4.id, role: 'leader' }]);
      await xp(p1, 500);
      await xp(p3, 200);
      await xp(p2, 200);
      const top = await boardOf(p4);
      expect(top.rows.map((r) => [r.rank, r.allianceId, r.xp, r.members])).toEqual([
        [1, first, 500, 1],
        [2, tieOld, 200, 1],
        [3, tieNew, 200, 1],
      ]);
      expect(top.mine).toBeNull();
      expect((await boardOf(loner)).mine).toBeNull();
      expect((await boardOf(p3)).mine).toMatchObject({ rank: 3, allianceId: tieNew });
      // A full top: the caller's alliance is outside it but still told its place.
      const now = ctx.clock.now();
      const week = new Date(isoWeekStart(now.getTime()));
      await ctx.database.db.execute(
        sql`with a as (insert into alliances (name, tag, open, member_count, created_at)
              select 'Filler ' || g, 'F' || g, true, 1, ${now} from generate_series(1, ${board.topSize}) g
              returning id)
            insert into alliance_scores (alliance_id, week_start, profile_id, xp, gold)
            select a.id, ${week}, ${p1.id}, 1000, 0 from a`,
      );
      const full = await boardOf(p2);
      expect(full.rows).toHaveLength(board.topSize);
      expect(full.rows[0]!.xp).toBe(1000);
      expect(full.rows.map((r) => r.rank)).toEqual(
        Array.from({ length: board.topSize }, (_, i) => i + 1),
      );
      expect(full.mine).toMatchObject({ rank: board.topSize + 2, allianceId: tieOld, xp: 200 });
      expect((await allianceWeekOf(ctx.database.db, quiet, now)).rank).toBeNull();
    } finally {
      ctx = old;
      await fresh.close();
    }
  });
});

describe('the weekly rewards', () => {
  it('are paid once by two processes: board places to every member, the goal to contributors', async () => {
    const fresh = await createTestContext();
    const old = ctx;
    ctx = fresh;
    // A second process: its own pool on PostgreSQL; PGlite serves one process, so there the
    // second handle is the same database.
    const second: Database = ctx.databaseUrl
      ? await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 5 })
      : ctx.database;
    try {
      const [w1, w2, s1, late, outsider] = [
        await player(ctx),
        await player(ctx),
        await player(ctx),
        await player(ctx),
        await player(ctx),
      ];
      const winners = await allianceOf(ctx, [
        { id: w1.id, role: 'leader' },
        { id: w2.id, role: 'member' },
      ]);
      const seconds = await allianceOf(ctx, [{ id: s1.id, role: 'leader' }]);
      await xp(w1, 900);
      await claimed(w1, goal.gold - 1000);
      await claimed(w2, 1000);
      await xp(s1, 100);
      await claimed(s1, goal.gold - 1);
      // Joins after the week's points: a member when paid, so the board place pays them too.
      await ctx.database.db.execute(
        sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
            values (${late.id}, ${winners}, 'member', ${ctx.clock.now()})`,
      );
      const before = new Map(
        await Promise.all(
          [w1, w2, s1, late, outsider].map(async (p) => [p.id, await gold(p)] as const),
        ),
      );
      const closed = new Date(isoWeekStart(ctx.clock.now().getTime()) + 7 * DAY + 60_000);
      // Too early: the week has not closed, the claim is for the week before (nothing to pay).
      expect(await payClosedAllianceWeek(ctx.database.db, ctx.clock.now())).toBe(0);
      const results = await Promise.all([
        payClosedAllianceWeek(ctx.database.db, closed),
        payClosedAllianceWeek(second.db, closed),
        payClosedAllianceWeek(second.db, closed),
      ]);
      expect(results.filter((r) => r === null)).toHaveLength(2);
      // w1, w2, late: first place; s1: second; w1 and w2: the goal (s1's alliance missed it by 1).
      expect(results.find((r) => r !== null)).toBe(6);
      const paid = async (p: TestPlayer) => (await gold(p)) - before.get(p.id)!;
      expect(await paid(w1)).toBe(board.rewardsGold[0]! + goal.rewardGold);
      expect(await paid(w2)).toBe(board.rewardsGold[0]! + goal.rewardGold);
      expect(await paid(late)).toBe(board.rewardsGold[0]!);
      expect(await paid(s1)).toBe(board.rewardsGold[1]!);
      expect(await paid(outsider)).toBe(0);
      expect(await payClosedAllianceWeek(second.db, closed)).toBeNull();
      const inbox = await queryRows<{ profile_id: number; subject: string }>(
        ctx.database.db,
        sql`select profile_id, subject from messages where subject like 'Alliance%'
            order by profile_id, subject`,
      );
      expect(inbox.filter((m) => m.profile_id === w1.id).map((m) => m.subject)).toEqual([
        expect.stringContaining('Alliance board: place 1'),
        expect.stringContaining('Alliance goal reached'),
      ]);
      expect(inbox.filter((m) => m.profile_id === s1.id)).toHaveLength(1);
      expect(inbox).toHaveLength(6);
      const ledger = await queryRows<{ cause: string; n: number }>(
        ctx.database.db,
        sql`select cause, count(*)::int as n from ledger where cause like 'alliance_%'
            group by cause order by cause`,
      );
      expect(ledger).toEqual([
        { cause: 'alliance_board', n: 4 },
        { cause: 'alliance_goal', n: 2 },
      ]);
      await expectBooksBalanced(ctx);
      expect(seconds).toBeGreaterThan(winners);
    } finally {
      if (second !== ctx.database) await second.close();
      ctx = old;
      await fresh.close();
    }
  });
});
