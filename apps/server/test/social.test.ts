import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GAME_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { addBoardScore } from '../src/core/boards.js';
import { lastBoard } from '../src/modules/boards/service.js';
import { Standings } from '../src/modules/boards/standings.js';
import { writeMessages } from '../src/core/inbox.js';
import { runPendingWorkflows } from '../src/modules/workflows/service.js';
import { grantToProfile, setProfileLevel } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, expectBooksBalanced } from './game-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { api: client(ctx, p.cookie), id: row!.id, login: p.login };
}

describe('public profiles', () => {
  it('are locked below level three with the designed text, then show general info', async () => {
    const me = await newPlayer();
    const other = await newPlayer();
    const locked = await me.api.get(`/athar/publicprofiles/${other.id}`);
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({
      code: 'FEATURE_LOCKED',
      message: 'You need to upgrade your profile to at least level three to view other profiles.',
    });
    await setProfileLevel(ctx.database.db, me.id, 3, ctx.clock.now());
    const seen = await me.api.get(`/athar/publicprofiles/${other.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      profileid: other.id,
      nickname: other.login,
      level: 0,
      vip: 0,
      lands: 1,
      // The starter grant's three heroes.
      heroes: 3,
      frame: 'none',
      achievements: { earned: 0, rarest: [] },
      alliance: null,
    });
    expect((await me.api.get('/athar/publicprofiles/999999')).status).toBe(404);
  });
});

describe('PROFILELEVELUP workflow', () => {
  it('refuses without enough XP', async () => {
    const me = await newPlayer();
    const res = await me.api.post('/tartib/workflow/start', { wftype: 'PROFILELEVELUP' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOT_UPGRADABLE');
    expect((await me.api.post('/tartib/workflow/start', { wftype: 'OTHER' })).status).toBe(400);
  });

  it('raises exactly one level however often it is started, then writes to the inbox', async () => {
    const me = await newPlayer();
    await grantToProfile(ctx.database.db, me.id, { xp: 30_000 }, ctx.clock.now());
    expect((await me.api.get('/athar/profile')).body.level).toEqual({
      level: 0,
      profilePoints: 30_000,
      upgradable: true,
    });
    const starts = await Promise.all(
      Array.from({ length: 20 }, () =>
        me.api.post('/tartib/workflow/start', { wftype: 'PROFILELEVELUP' }),
      ),
    );
    expect(starts.every((s) => s.status === 202)).toBe(true);
    expect(new Set(starts.map((s) => s.body.workflowid)).size).toBe(1);
    // The worker runs it apart from the requests.
    await runPendingWorkflows(ctx.database.db, ctx.clock.now());
    const after = await me.api.get('/athar/profile');
    expect(after.body.level).toEqual({ level: 1, profilePoints: 30_000, upgradable: true });
    expect((await me.api.get('/athar/features')).body).toEqual(['profileLevel1']);
    const inbox = (await me.api.get('/hatif/messages')).body as Array<{ subject: string }>;
    expect(inbox[0]?.subject).toMatch(/level 1/i);
    // 30,000 XP also reaches level 2 (29,118): one more start, one more level, and no more.
    expect((await me.api.post('/tartib/workflow/start', { wftype: 'PROFILELEVELUP' })).status).toBe(
      202,
    );
    expect((await me.api.get('/athar/profile')).body.level.level).toBe(2);
    const third = await me.api.post('/tartib/workflow/start', { wftype: 'PROFILELEVELUP' });
    expect(third.status).toBe(409);
    expect((await me.api.get('/athar/features')).body).toEqual(['profileLevel1', 'profileLevel2']);
  });
});

describe('weekly boards', () => {
  it('are gated: XP board at level one, gold board at level two', async () => {
    const me = await newPlayer();
    const xp = await me.api.get('/mirza/boards/TOP_XP_GAINERS/last');
    expect(xp).toMatchObject({
      status: 403,
      body: { message: 'You need to upgrade your profile to at least level one.' },
    });
    await setProfileLevel(ctx.database.db, me.id, 1, ctx.clock.now());
    expect((await me.api.get('/mirza/boards/TOP_XP_GAINERS/last')).status).toBe(200);
    const gold = await me.api.get('/mirza/boards/TOP_GOLD_CLAIMERS/last');
    expect(gold).toMatchObject({
      status: 403,
      body: { message: 'You need to upgrade your profile to at least level two.' },
    });
    expect((await me.api.get('/mirza/boards/NOPE/last')).status).toBe(404);
  });

  it('ranks this ISO week, breaks ties by who scored first, shows the caller outside the top 100, and rolls over', async () => {
    const db = ctx.database.db;
    const me = await newPlayer();
    await setProfileLevel(db, me.id, 2, ctx.clock.now());
    const now = ctx.clock.now();
    const others: number[] = [];
    for (let i = 0; i < 105; i++) others.push((await newPlayer()).id);
    // 105 players above me this week; two of them tie.
    for (const [i, id] of others.entries()) {
      await addBoardScore(
        db,
        'TOP_GOLD_CLAIMERS',
        id,
        1000 + (i === 1 ? 0 : i),
        new Date(now.getTime() + i * 1000),
      );
    }
    await addBoardScore(db, 'TOP_GOLD_CLAIMERS', me.id, 5, now);
    const board = (await me.api.get('/mirza/boards/TOP_GOLD_CLAIMERS/last')).body;
    expect(board.data).toHaveLength(100);
    expect(board.data[0]).toMatchObject({ rank: 1, profileid: others[104], score: 1104 });
    const ranks = board.data.map((r: { rank: number }) => r.rank);
    expect(ranks).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // others[0] and others[1] both have 1000; others[0] reached it first and ranks first.
    const all = await lastBoard(
      db,
      new Standings(0, { topRows: 500 }),
      'TOP_GOLD_CLAIMERS',
      { profileId: me.id, level: 2 },
      ctx.clock.now(),
      500,
    );
    expect(all.data.slice(103, 106).map((r) => [r.rank, r.profileid, r.score])).toEqual([
      [104, others[0], 1000],
      [105, others[1], 1000],
      [106, me.id, 5],
    ]);
    expect(board.profileData).toMatchObject({
      rank: 106,
      profileid: me.id,
      profilename: me.login,
      score: 5,
    });

    // Next Monday 00:00 UTC starts a new week.
    const monday = new Date(board.weekStart).getTime() + 7 * DAY;
    ctx.clock.set(new Date(monday));
    const next = (await me.api.get('/mirza/boards/TOP_GOLD_CLAIMERS/last')).body;
    expect(next.weekStart).toBe(new Date(monday).toISOString());
    expect(next.data).toEqual([]);
    expect(next.profileData).toBeNull();
  });

  it('scores XP and gold from settled missions', async () => {
    const me = await newPlayer();
    await setProfileLevel(ctx.database.db, me.id, 2, ctx.clock.now());
    const [land] = (await me.api.get('/ard/lands')).body;
    const heroes = (await me.api.get('/abtal/heroes')).body as Array<{
      heroid: number;
      residenceid: number | null;
    }>;
    const homeless = heroes.find((h) => h.residenceid === null)!;
    ctx.clock.advance(DAY);
    const start = await me.api.post('/misaar/mission/start', {
      missionType: 'GOLDCLAIM',
      landid: land.landid,
      heroid: homeless.heroid,
    });
    ctx.clock.advance(start.body.minutes * 60_000);
    const gold = (await me.api.get('/athar/profile')).body.treasury.gold as number;
    const goldBoard = (await me.api.get('/mirza/boards/TOP_GOLD_CLAIMERS/last')).body;
    const xpBoard = (await me.api.get('/mirza/boards/TOP_XP_GAINERS/last')).body;
    expect(goldBoard.profileData).toMatchObject({ profileid: me.id, score: gold });
    expect(xpBoard.profileData).toMatchObject({
      profileid: me.id,
      score: gold * GAME_CONFIG.missions.GOLDCLAIM.xpPerGold,
    });
    await expectBooksBalanced(ctx);
  });
});

describe('inbox', () => {
  it('lists, counts, reads and deletes only the player’s own messages', async () => {
    const me = await newPlayer();
    const other = await newPlayer();
    await writeMessages(ctx.database.db, [
      {
        profileId: me.id,
        subject: 'Hello',
        body: '<p>Hi <script>window.x=1</script><b>there</b></p>',
        kind: 'system',
        at: ctx.clock.now(),
      },
    ]);
    const list = (await me.api.get('/hatif/messages')).body as Array<{
      msgid: number;
      subject: string;
      body: string;
      read: boolean;
      deleted: boolean;
      sender_name: string;
      created: string;
    }>;
    expect(list).toHaveLength(2);
    const hello = list.find((m) => m.subject === 'Hello')!;
    expect(hello).toMatchObject({
      read: false,
      deleted: false,
      sender_name: 'Lands of Aleph',
      body: '<p>Hi <b>there</b></p>',
    });
    expect(new Date(hello.created).toString()).not.toBe('Invalid Date');
    expect((await me.api.get('/hatif/messages/countunread')).body).toEqual({ unreadMessages: 2 });

    expect((await other.api.post(`/hatif/messages/${hello.msgid}/markread`)).status).toBe(404);
    expect((await other.api.post(`/hatif/messages/${hello.msgid}/markdelete`)).status).toBe(404);
    expect((await me.api.post(`/hatif/messages/${hello.msgid}/markread`)).status).toBe(200);
    expect((await me.api.get('/hatif/messages/countunread')).body).toEqual({ unreadMessages: 1 });
    expect((await me.api.post(`/hatif/messages/${hello.msgid}/markdelete`)).status).toBe(200);
    const after = (await me.api.get('/hatif/messages')).body as Array<{
      msgid: number;
      deleted: boolean;
    }>;
    expect(after.find((m) => m.msgid === hello.msgid)?.deleted).toBe(true);

    const welcome = after.find((m) => m.msgid !== hello.msgid)!;
    const otherMsg = (
      (await other.api.get('/hatif/messages')).body as Array<{ msgid: number }>
    )[0]!;
    const mixed = await me.api.post('/hatif/messages/markdelete', {
      ids: [welcome.msgid, otherMsg.msgid],
    });
    expect(mixed.status).toBe(404);
    expect((await me.api.get('/hatif/messages/countunread')).body).toEqual({ unreadMessages: 1 });
    const bulk = await me.api.post('/hatif/messages/markdelete', { ids: [welcome.msgid] });
    expect(bulk).toMatchObject({ status: 200, body: { ok: true, count: 1 } });
    expect((await me.api.get('/hatif/messages/countunread')).body).toEqual({ unreadMessages: 0 });
    expect((await me.api.post('/hatif/messages/markdelete', {})).status).toBe(400);
    expect((await me.api.post('/hatif/messages/markdelete', { ids: ['x'] })).status).toBe(400);
    expect((await me.api.post('/hatif/messages/abc/markread')).status).toBe(400);
  });
});

describe('board standings cache', () => {
  it("keeps the caller's own row exact while other rows come from a snapshot", async () => {
    const db = ctx.database.db;
    const standings = new Standings(60_000);
    const a = await newPlayer();
    const b = await newPlayer();
    await setProfileLevel(db, a.id, 2, ctx.clock.now());
    const at = ctx.clock.now();
    await addBoardScore(db, 'TOP_XP_GAINERS', b.id, 10_000_000, at);
    await addBoardScore(db, 'TOP_XP_GAINERS', a.id, 5_000_000, at);
    const first = await lastBoard(
      db,
      standings,
      'TOP_XP_GAINERS',
      { profileId: a.id, level: 2 },
      at,
    );
    expect(first.data.slice(0, 2).map((r) => r.profileid)).toEqual([b.id, a.id]);
    // a overtakes b; the snapshot is a minute old at most, a's own row is not.
    await addBoardScore(db, 'TOP_XP_GAINERS', a.id, 6_000_000, new Date(at.getTime() + 1000));
    const second = await lastBoard(
      db,
      standings,
      'TOP_XP_GAINERS',
      { profileId: a.id, level: 2 },
      at,
    );
    expect(second.profileData).toMatchObject({ profileid: a.id, score: 11_000_000, rank: 1 });
    const fresh = await lastBoard(
      db,
      new Standings(0),
      'TOP_XP_GAINERS',
      { profileId: a.id, level: 2 },
      at,
    );
    expect(fresh.data.slice(0, 2).map((r) => r.profileid)).toEqual([a.id, b.id]);
  });
});
