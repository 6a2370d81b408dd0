import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { addBoardScore } from '../src/core/boards.js';
import { setProfileLevel } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import {
  allianceMember,
  foundedAlliance,
  freshNames,
  inboxSubjects,
  memberCounts,
} from './alliance-helpers.js';

const COST = SOCIAL_CONFIG.alliances.createCost;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function goldLedger(profileId: number) {
  return queryRows<{ cause: string; delta: number }>(
    ctx.database.db,
    sql`select cause, delta::float8 as delta from ledger
        where profile_id = ${profileId} and cause = 'alliance_create'`,
  );
}

describe('creating an alliance', () => {
  it('books the cost once through the change book, and the founder leads', async () => {
    const founder = await allianceMember(ctx, COST + 500);
    const before = (await founder.api.profile()).treasury.gold;
    const res = await founder.api.post('/athar/alliances', {
      name: '  Iron Oath ',
      tag: 'ioa',
      description: 'We hold the line.',
      open: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Iron Oath', tag: 'IOA' });
    expect((await founder.api.profile()).treasury.gold).toBe(before - COST);
    expect(await goldLedger(founder.id)).toEqual([{ cause: 'alliance_create', delta: -COST }]);
    const page = await founder.api.get(`/athar/alliances/${res.body.id}`);
    expect(page.body).toMatchObject({
      name: 'Iron Oath',
      tag: 'IOA',
      description: 'We hold the line.',
      open: true,
      maxMembers: 30,
      me: { role: 'leader', request: null, inAlliance: true, waitUntil: null },
      requests: [],
    });
    expect(page.body.members).toEqual([
      expect.objectContaining({ profileid: founder.id, role: 'leader', level: 1, weekXp: 0 }),
    ]);
    expect(page.body.week).toMatchObject({ xp: 0, rank: null });
    expect(await memberCounts(ctx, res.body.id)).toEqual({ stored: 1, rows: 1 });
    await expectBooksBalanced(ctx);
  });

  it('refuses too little gold with nothing booked, and below the level with 403', async () => {
    const poor = await allianceMember(ctx, COST - 1);
    const gold = (await poor.api.profile()).treasury.gold;
    const res = await poor.api.post('/athar/alliances', { ...freshNames(), open: true });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_GOLD');
    expect(res.body.message).toContain(`${COST} gold`);
    expect((await poor.api.profile()).treasury.gold).toBe(gold);
    expect(await goldLedger(poor.id)).toEqual([]);

    const novice = await allianceMember(ctx, COST);
    await setProfileLevel(ctx.database.db, novice.id, 0, ctx.clock.now());
    const low = await novice.api.post('/athar/alliances', { ...freshNames(), open: true });
    expect(low.status).toBe(403);
    expect(low.body.code).toBe('ALLIANCE_LEVEL_TOO_LOW');
    await expectBooksBalanced(ctx);
  });

  it('refuses a bad name or tag naming the field', async () => {
    const p = await allianceMember(ctx, COST);
    const cases: Array<[object, string]> = [
      [{ name: 'ab', tag: 'OK1' }, 'name'],
      [{ name: 'Two  spaces', tag: 'OK1' }, 'name'],
      [{ name: 'Under_score', tag: 'OK1' }, 'name'],
      [{ name: 'Fine name', tag: 'X' }, 'tag'],
      [{ name: 'Fine name', tag: 'A-B' }, 'tag'],
    ];
    for (const [body, field] of cases) {
      const res = await p.api.post('/athar/alliances', { ...body, open: false });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const long = await p.api.post('/athar/alliances', {
      ...freshNames(),
      description: 'x'.repeat(1001),
      open: true,
    });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('description');
  });

  it('two parallel creations with one name (or one tag) in other case: one 201, one 409 naming the field', async () => {
    for (const field of ['name', 'tag'] as const) {
      const [a, b] = await Promise.all([allianceMember(ctx, COST), allianceMember(ctx, COST)]);
      const one = freshNames();
      const two = freshNames();
      const second =
        field === 'name'
          ? { ...two, name: one.name.toUpperCase() }
          : { ...two, tag: one.tag.toLowerCase() };
      const [ra, rb] = await Promise.all([
        a.api.post('/athar/alliances', { ...one, open: true }),
        b.api.post('/athar/alliances', { ...second, open: true }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([201, 409]);
      const lost = ra.status === 409 ? ra : rb;
      expect(lost.body).toMatchObject({
        field,
        code: field === 'name' ? 'ALLIANCE_NAME_TAKEN' : 'ALLIANCE_TAG_TAKEN',
      });
      // The loser paid nothing.
      const loser = ra.status === 409 ? a : b;
      expect(await goldLedger(loser.id)).toEqual([]);
    }
    await expectBooksBalanced(ctx);
  });

  it('refuses a founder already in an alliance', async () => {
    const { leader } = await foundedAlliance(ctx);
    const res = await leader.api.post('/athar/alliances', { ...freshNames(), open: true });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ALREADY_IN_ALLIANCE');
  });
});

describe('searching alliances', () => {
  it('finds by the start of name or tag without regard to case, open ones first, paged by cursor', async () => {
    // Search only reads: the alliances are written straight into the table.
    const made = await queryRows<{ id: number; open: boolean }>(
      ctx.database.db,
      sql`insert into alliances (name, tag, open, member_count, created_at)
          select 'Zephyr Band ' || i, 'ZB' || i, i % 3 <> 0, 1, ${ctx.clock.now()}
          from generate_series(0, 22) as i returning id, open`,
    );
    const seen: Array<{ id: number; open: boolean; members: number }> = [];
    let url = '/athar/alliances?q=zephyr';
    const me = await allianceMember(ctx);
    for (;;) {
      const page = await me.api.get(url);
      expect(page.status).toBe(200);
      seen.push(...page.body.alliances);
      if (!page.body.next) break;
      url = `/athar/alliances?q=zephyr&cursor=${page.body.next}`;
    }
    expect(seen.map((a) => a.id).sort()).toEqual(made.map((a) => a.id).sort());
    const firstClosed = seen.findIndex((a) => !a.open);
    expect(seen.slice(firstClosed).every((a) => !a.open)).toBe(true);
    expect(seen[0]).toMatchObject({ members: 1, weekXp: 0 });
    expect((await me.api.get(url)).body.mine).toBeNull();
    const { leader, alliance } = await foundedAlliance(ctx);
    expect((await leader.api.get('/athar/alliances?q=zz')).body.mine).toEqual(alliance);
    const byTag = await me.api.get('/athar/alliances?q=zb1');
    expect(byTag.body.alliances.map((a: { tag: string }) => a.tag).sort()).toEqual(
      [
        'ZB1',
        'ZB10',
        'ZB11',
        'ZB12',
        'ZB13',
        'ZB14',
        'ZB15',
        'ZB16',
        'ZB17',
        'ZB18',
        'ZB19',
      ].sort(),
    );
    expect((await me.api.get('/athar/alliances?q=%25')).body.alliances).toEqual([]);
    const bad = await me.api.get('/athar/alliances?cursor=7-99999999999');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('cursor');
  });

  it('answers 404 for an alliance that does not exist', async () => {
    const me = await allianceMember(ctx);
    const res = await me.api.get('/athar/alliances/2147483647');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ALLIANCE_NOT_FOUND');
  });

  it('writes the founding into the founder inbox', async () => {
    const { leader, alliance } = await foundedAlliance(ctx);
    expect((await inboxSubjects(ctx, leader.id))[0]).toBe(
      `[${alliance.tag}] ${alliance.name}: You founded the alliance.`,
    );
  });
});

describe('the tag beside nicknames', () => {
  it('shows in public profiles and on the weekly boards', async () => {
    const { leader, alliance } = await foundedAlliance(ctx);
    const viewer = await allianceMember(ctx);
    await setProfileLevel(ctx.database.db, viewer.id, 3, ctx.clock.now());
    const profile = await viewer.api.get(`/athar/publicprofiles/${leader.id}`);
    expect(profile.body.alliance).toEqual(alliance);
    expect((await viewer.api.get(`/athar/publicprofiles/${viewer.id}`)).body.alliance).toBeNull();
    await ctx.database.db.transaction((tx) =>
      addBoardScore(tx, 'TOP_XP_GAINERS', leader.id, 7, ctx.clock.now()),
    );
    const board = await leader.api.get('/mirza/boards/TOP_XP_GAINERS/last');
    expect(board.body.profileData).toMatchObject({ profileid: leader.id, tag: alliance.tag });
    const top = board.body.data as Array<{ profileid: number; tag: string | null }>;
    expect(top.find((r) => r.profileid === leader.id)?.tag).toBe(alliance.tag);
  });
});
