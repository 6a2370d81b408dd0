import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GAME_CONFIG, type QuestKey } from '@aleph/rules';
import type { QuestBoard } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, expectBooksBalanced, starter, type Client } from './game-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  // Missions jump the clock ahead; sessions outlive the jumps.
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const reward = (key: QuestKey) => GAME_CONFIG.quests.goals.find((g) => g.key === key)!.reward;

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { api, profileId: row!.id, ...(await starter(api)) };
}

const quests = async (api: Client) => {
  const res = await api.get('/athar/quests');
  expect(res.status).toBe(200);
  return res.body as QuestBoard;
};
const doneKeys = (board: QuestBoard) => board.goals.filter((g) => g.done).map((g) => g.key);

/** Starts a mission and moves the clock to its end; the next request settles it. */
async function runMission(api: Client, body: object) {
  const start = await api.post('/misaar/mission/start', body);
  expect(start.status).toBe(200);
  ctx.clock.advance(start.body.minutes * 60_000);
}

async function questLedger(profileId: number) {
  return queryRows<{ goal: string; asset: string; delta: number }>(
    ctx.database.db,
    sql`select cause_id as goal, asset, delta::float8 as delta from ledger
        where profile_id = ${profileId} and cause = 'quest' order by id`,
  );
}

describe('first steps', () => {
  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/athar/quests' })).statusCode).toBe(401);
    const dismiss = await ctx.app.inject({ method: 'POST', url: '/athar/quests/dismiss' });
    expect(dismiss.statusCode).toBe(401);
  });

  it('lists six goals for a new player, none done, the daily reward next', async () => {
    const { api } = await newPlayer();
    const board = await quests(api);
    expect(board.goals.map((g) => g.key)).toEqual([
      'dailyReward',
      'claimGold',
      'readReport',
      'searchElementals',
      'levelUp',
      'visitMarket',
    ]);
    expect(board).toMatchObject({ done: 0, total: 6, next: 'dailyReward', dismissed: false });
    expect(board.completed).toEqual([]);
    expect(board.goals[0]).toMatchObject({
      title: 'Claim the daily reward',
      reward: reward('dailyReward'),
      done: false,
    });
  });

  it('completes each goal by playing, pays each reward once, and keeps the books', async () => {
    const { api, land, resident, homeless, profileId } = await newPlayer();

    // 1. The daily reward with the resident hero.
    await runMission(api, {
      missionType: 'DAILYREWARD',
      landid: land.landid,
      heroid: resident.heroid,
    });
    let board = await quests(api);
    expect(board.completed).toEqual(['dailyReward']);
    expect(doneKeys(board)).toEqual(['dailyReward']);
    expect(board.next).toBe('claimGold');
    // The daily reward's gold, plus the goal's reward, in the treasury right away.
    expect((await api.profile()).treasury.gold).toBe(
      GAME_CONFIG.missions.DAILYREWARD.gold + reward('dailyReward').gold,
    );

    // 2. The other hero claims the land's gold.
    ctx.clock.advance(DAY);
    await runMission(api, {
      missionType: 'GOLDCLAIM',
      landid: land.landid,
      heroid: homeless.heroid,
    });
    board = await quests(api);
    expect(board.completed).toEqual(['claimGold']);
    expect(board.next).toBe('readReport');

    // 3. Opening a mission report in the inbox.
    const inbox = (await api.get('/hatif/messages')).body as Array<{
      msgid: number;
      subject: string;
    }>;
    const report = inbox.find((m) => /gold/i.test(m.subject));
    expect(report).toBeDefined();
    expect((await api.post(`/hatif/messages/${report!.msgid}/markread`)).status).toBe(200);
    board = await quests(api);
    expect(board.completed).toEqual(['readReport']);

    // 4. Searching elementals.
    await runMission(api, {
      missionType: 'SEARCHELEMENT',
      landid: land.landid,
      heroid: resident.heroid,
      elemid: 2,
    });
    board = await quests(api);
    expect(board.completed).toEqual(['searchElementals']);
    expect(board.next).toBe('levelUp');

    // 5. Level 1, raised by the level-up workflow.
    await grantToProfile(ctx.database.db, profileId, { xp: 20_000 }, ctx.clock.now());
    expect(doneKeys(await quests(api))).not.toContain('levelUp');
    const up = await api.post('/tartib/workflow/start', { wftype: 'PROFILELEVELUP' });
    expect(up.status).toBe(202);
    board = await quests(api);
    expect(board.completed).toEqual(['levelUp']);

    // 6. The marketplace screen reads the purchase history.
    expect((await api.get('/market/purchases')).status).toBe(200);
    const goldBefore = (await api.profile()).treasury.gold;
    board = await quests(api);
    expect(board.completed).toEqual(['visitMarket']);
    expect(board).toMatchObject({ done: 6, total: 6, next: null });
    expect((await api.profile()).treasury.gold).toBe(goldBefore + reward('visitMarket').gold);

    // Reading again pays nothing more.
    const again = await quests(api);
    expect(again.completed).toEqual([]);
    expect((await api.profile()).treasury.gold).toBe(goldBefore + reward('visitMarket').gold);

    const entries = await questLedger(profileId);
    const goals = GAME_CONFIG.quests.goals;
    expect(entries.filter((e) => e.asset === 'gold')).toHaveLength(goals.length);
    expect(entries.filter((e) => e.asset === 'gold').reduce((s, e) => s + e.delta, 0)).toBe(
      goals.reduce((s, g) => s + g.reward.gold, 0),
    );
    expect(entries.filter((e) => e.asset === 'xp').reduce((s, e) => s + e.delta, 0)).toBe(
      goals.reduce((s, g) => s + g.reward.xp, 0),
    );
    await expectBooksBalanced(ctx);
  });

  it('counts goals done in any order, and what was done before the first read', async () => {
    const { api, land, resident, homeless } = await newPlayer();
    expect((await api.get('/market/purchases')).status).toBe(200);
    ctx.clock.advance(DAY);
    await runMission(api, {
      missionType: 'GOLDCLAIM',
      landid: land.landid,
      heroid: homeless.heroid,
    });
    await runMission(api, {
      missionType: 'SEARCHELEMENT',
      landid: land.landid,
      heroid: resident.heroid,
      elemid: 0,
    });
    const board = await quests(api);
    expect(board.completed.sort()).toEqual(['claimGold', 'searchElementals', 'visitMarket']);
    expect(doneKeys(board)).toEqual(['claimGold', 'searchElementals', 'visitMarket']);
    expect(board).toMatchObject({ done: 3, next: 'dailyReward' });
  });

  it('does not count a started mission that has not ended, nor an unread report', async () => {
    const { api, land, resident } = await newPlayer();
    const start = await api.post('/misaar/mission/start', {
      missionType: 'DAILYREWARD',
      landid: land.landid,
      heroid: resident.heroid,
    });
    expect(start.status).toBe(200);
    expect(doneKeys(await quests(api))).toEqual([]);
    ctx.clock.advance(start.body.minutes * 60_000);
    // The report is in the inbox, unread: only the mission counts.
    expect(doneKeys(await quests(api))).toEqual(['dailyReward']);
  });

  it('pays once when 20 reads arrive together', async () => {
    const { api, land, resident, profileId } = await newPlayer();
    await runMission(api, {
      missionType: 'DAILYREWARD',
      landid: land.landid,
      heroid: resident.heroid,
    });
    // Settled first, so the reads race on the reward alone.
    await api.get('/ard/lands');
    const boards = await Promise.all(Array.from({ length: 20 }, () => quests(api)));
    expect(boards.every((b) => doneKeys(b).includes('dailyReward'))).toBe(true);
    expect(boards.filter((b) => b.completed.includes('dailyReward'))).toHaveLength(1);
    const entries = await questLedger(profileId);
    expect(entries.map((e) => `${e.goal}:${e.asset}:${e.delta}`)).toEqual([
      `dailyReward:gold:${reward('dailyReward').gold}`,
      `dailyReward:xp:${reward('dailyReward').xp}`,
    ]);
    expect((await api.profile()).treasury.gold).toBe(
      GAME_CONFIG.missions.DAILYREWARD.gold + reward('dailyReward').gold,
    );
    await expectBooksBalanced(ctx);
  });

  it('is dismissed for good, idempotently, and looks for nothing afterwards', async () => {
    const { api, profileId } = await newPlayer();
    const first = await api.post('/athar/quests/dismiss');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ dismissed: true, done: 0 });
    const [at] = await queryRows<{ at: Date }>(
      ctx.database.db,
      sql`select quests_dismissed_at as at from profiles where id = ${profileId}`,
    );
    ctx.clock.advance(60_000);
    const second = await api.post('/athar/quests/dismiss');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const [still] = await queryRows<{ at: Date }>(
      ctx.database.db,
      sql`select quests_dismissed_at as at from profiles where id = ${profileId}`,
    );
    expect(new Date(still!.at).getTime()).toBe(new Date(at!.at).getTime());
    // A goal met after dismissal is not looked for, so nothing is paid.
    expect((await api.get('/market/purchases')).status).toBe(200);
    const board = await quests(api);
    expect(board).toMatchObject({ dismissed: true, done: 0, completed: [] });
    expect(await questLedger(profileId)).toEqual([]);
  });
});
