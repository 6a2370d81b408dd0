import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/client.js';
import { PROFILE_CACHE_READS, ProfileCache } from '../src/lib/profile-cache.js';
import { addBoardScore } from '../src/core/boards.js';
import { settleDueBatch } from '../src/modules/missions/settle.js';
import { writeMessages } from '../src/core/inbox.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { grantToLand, grantToProfile } from '../src/modules/world/grants.js';
import { cookiesFrom, createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY } from './game-helpers.js';

/**
 * Cached reads must never show a state older than the request's: every write that a cached
 * read depends on bumps the player's state version, whichever process or path makes it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function player() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { ...p, id: row!.id, api: client(ctx, p.cookie) };
}

const version = async (id: number) =>
  Number(
    (
      await queryRows<{ v: string }>(
        ctx.database.db,
        sql`select state_version::text as v from profiles where id = ${id}`,
      )
    )[0]!.v,
  );

describe('the profile cache', () => {
  it('shows writes made outside the request path at once', async () => {
    const me = await player();
    const db = ctx.database.db;
    const [land] = (await me.api.get('/ard/lands')).body;
    expect(land.vault.volume[2]).toBe(0);
    await me.api.get('/dashboard/stat');
    await me.api.get('/hatif/messages/countunread');
    const before = (await me.api.get('/athar/profile')).body.treasury.gold;

    await grantToLand(
      db,
      land.landid,
      { elementals: { element: 2, amount: 300 }, items: { TOWER_STONE: 4 } },
      ctx.clock.now(),
    );
    await grantToProfile(db, me.id, { gold: 77 }, ctx.clock.now());
    await writeMessages(db, [
      {
        profileId: me.id,
        subject: 'Hello',
        body: '<p>hi</p>',
        kind: 'system',
        at: ctx.clock.now(),
      },
    ]);

    expect((await me.api.get('/ard/lands')).body[0].vault.volume[2]).toBe(300);
    expect((await me.api.get(`/ard/lands/${land.landid}`)).body.vault.volume[2]).toBe(300);
    expect((await me.api.get(`/ard/lands/${land.landid}/balances`)).body).toEqual([
      expect.objectContaining({ item_code: 'TOWER_STONE', balance: 4 }),
    ]);
    expect((await me.api.get('/athar/profile')).body.treasury.gold).toBe(before + 77);
    expect((await me.api.get('/hatif/messages/countunread')).body.unreadMessages).toBe(2);
  });

  it('shows a mission start in every cached read of the player', async () => {
    const me = await player();
    const [land] = (await me.api.get('/ard/lands')).body;
    const heroes = (await me.api.get('/abtal/heroes')).body as Array<{
      heroid: number;
      residenceid: number | null;
    }>;
    const resident = heroes.find((h) => h.residenceid === land.landid)!;
    const body = {
      missionType: 'SEARCHELEMENT',
      landid: land.landid,
      heroid: resident.heroid,
      elemid: 0,
    };
    expect((await me.api.post('/misaar/mission/check', body)).body.ok).toBe(true);
    expect((await me.api.get('/dashboard/stat')).body.heroes.data.busy).toBe(0);
    expect((await me.api.post('/misaar/mission/start', body)).status).toBe(200);
    expect((await me.api.post('/misaar/mission/check', body)).body.errorCode).toBe('HERO_BUSY');
    expect((await me.api.get('/dashboard/stat')).body.heroes.data.busy).toBe(1);
    expect(
      (await me.api.get('/abtal/heroes')).body.find(
        (h: { heroid: number }) => h.heroid === resident.heroid,
      ).busy,
    ).toBe(true);
    expect((await me.api.get('/misaar/missions/status/running')).body).toHaveLength(1);
  });

  // One mission changes six tables of its player (profile, land, ledger, board, inbox, mission);
  // the batch bumps the version once, after all of them.
  it('shows missions settled by the worker in every cached read, one version bump per player', async () => {
    const players = [await player(), await player()];
    const xp: number[] = [];
    for (const me of players) {
      const [land] = (await me.api.get('/ard/lands')).body;
      const heroes = (await me.api.get('/abtal/heroes')).body as Array<{
        heroid: number;
        residenceid: number | null;
      }>;
      for (const hero of heroes.filter((h) => h.residenceid === land.landid).slice(0, 1)) {
        const body = {
          missionType: 'SEARCHELEMENT',
          landid: land.landid,
          heroid: hero.heroid,
          elemid: 1,
        };
        expect((await me.api.post('/misaar/mission/start', body)).status).toBe(200);
      }
      expect((await me.api.get('/dashboard/stat')).body.heroes.data.busy).toBe(1);
      xp.push((await me.api.get('/athar/profile')).body.level.profilePoints);
    }
    const unread = await Promise.all(
      players.map(
        async (me) =>
          (await me.api.get('/hatif/messages/countunread')).body.unreadMessages as number,
      ),
    );
    const versions = await Promise.all(players.map((me) => version(me.id)));

    ctx.clock.advance(DAY);
    expect(await settleDueBatch(ctx.database.db, ctx.clock.now(), 500)).toBeGreaterThanOrEqual(2);

    for (const [i, player] of players.entries()) {
      expect(await version(player.id)).toBe(versions[i]! + 1);
      // A day later the access token has expired: the player signs in again.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/abwab/login',
        payload: { username: player.login, password: player.password },
      });
      const me = { ...player, api: client(ctx, cookiesFrom(login)) };
      expect((await me.api.get('/dashboard/stat')).body.heroes.data.busy).toBe(0);
      expect((await me.api.get('/misaar/missions/status/running')).body).toHaveLength(0);
      // The report, and the notes of the achievements the mission earned (its first).
      const [notes] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from messages
            where profile_id = ${player.id} and subject like 'Achievement earned:%'`,
      );
      expect((await me.api.get('/hatif/messages/countunread')).body.unreadMessages).toBe(
        unread[i]! + 1 + notes!.n,
      );
      expect((await me.api.get('/athar/profile')).body.level.profilePoints).toBeGreaterThan(xp[i]!);
    }
  });

  it('is per process and still never stale across processes', async () => {
    const me = await player();
    // A second app on the same database: another process with its own cache.
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: ctx.clock,
      accountHooks: [grantStarter],
    });
    await other.ready();
    try {
      const viaOther = async () =>
        (await other.inject({ url: '/athar/profile', headers: { cookie: me.cookie } })).json()
          .treasury.gold as number;
      const start = await viaOther();
      await grantToProfile(ctx.database.db, me.id, { gold: 5 }, ctx.clock.now());
      expect((await me.api.get('/athar/profile')).body.treasury.gold).toBe(start + 5);
      expect(await viaOther()).toBe(start + 5);
    } finally {
      await other.close();
    }
  });

  it('has its version bumped by a write to every table a cached read depends on', async () => {
    const me = await player();
    const db = ctx.database.db;
    const [land] = (await me.api.get('/ard/lands')).body;
    const writes: Array<[string, () => Promise<unknown>]> = [
      [
        'profiles',
        () => db.execute(sql`update profiles set nickname = nickname || 'x' where id = ${me.id}`),
      ],
      [
        'heroes',
        () => db.execute(sql`update heroes set name = name || '!' where owner_id = ${me.id}`),
      ],
      ['lands', () => db.execute(sql`update lands set name = 'Home' where id = ${land.landid}`)],
      [
        'land_elements',
        () =>
          db.execute(sql`update land_elements set seals = seals where land_id = ${land.landid}`),
      ],
      [
        'land_items',
        () => grantToLand(db, land.landid, { items: { SKILL_POT: 1 } }, ctx.clock.now()),
      ],
      [
        'messages',
        () => db.execute(sql`update messages set read_at = now() where profile_id = ${me.id}`),
      ],
      ['board_scores', () => addBoardScore(db, 'TOP_XP_GAINERS', me.id, 10, ctx.clock.now())],
      [
        'daily_usage',
        () =>
          db.execute(
            sql`insert into daily_usage (profile_id, kind, day) values (${me.id}, 'TEST', '2000-01-01')`,
          ),
      ],
      [
        'missions',
        async () => {
          const heroes = (await me.api.get('/abtal/heroes')).body as Array<{
            heroid: number;
            residenceid: number | null;
          }>;
          const heroid = heroes.find((h) => h.residenceid === land.landid)!.heroid;
          const body = { missionType: 'SEARCHELEMENT', landid: land.landid, heroid, elemid: 1 };
          const res = await me.api.post('/misaar/mission/start', body);
          expect(res.status).toBe(200);
        },
      ],
    ];
    for (const [table, write] of writes) {
      const before = await version(me.id);
      await write();
      expect(await version(me.id), table).toBeGreaterThan(before);
    }
    // A write that changes nothing the reads show leaves the version alone.
    const v = await version(me.id);
    await db.execute(sql`update profiles set gold = gold where id = ${me.id}`);
    expect(await version(me.id)).toBe(v);
  });
});

describe('the mission check’s cached state', () => {
  it('keeps nothing for a check naming ids the player does not own, and still answers 404', async () => {
    const me = await player();
    const them = await player();
    const cache = ctx.app.deps.profileCache;
    const [mine] = (await me.api.get('/ard/lands')).body as Array<{ landid: number }>;
    const [theirs] = (await them.api.get('/ard/lands')).body as Array<{ landid: number }>;
    const myHero = ((await me.api.get('/abtal/heroes')).body as Array<{ heroid: number }>)[0]!;
    const theirHero = ((await them.api.get('/abtal/heroes')).body as Array<{ heroid: number }>)[0]!;
    const check = (landid: number, heroid: number) =>
      me.api.post('/misaar/mission/check', { missionType: 'GOLDCLAIM', landid, heroid });
    const before = cache.size(me.id);

    for (let i = 0; i < 300; i++) {
      const res = await check(1_000_000 + i, 2_000_000 + i);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'HERO_NOT_FOUND' });
    }
    // Someone else's land or hero answers as today, and is not kept either.
    expect((await check(theirs!.landid, myHero.heroid)).body).toMatchObject({
      statusCode: 404,
      code: 'LAND_NOT_FOUND',
    });
    expect((await check(mine!.landid, theirHero.heroid)).body).toMatchObject({
      statusCode: 404,
      code: 'HERO_NOT_FOUND',
    });
    expect((await check(1_000_000, myHero.heroid)).body.code).toBe('LAND_NOT_FOUND');
    expect(cache.size(me.id)).toBe(before);

    // The player's own pair is still checked (and kept, once).
    const own = await check(mine!.landid, myHero.heroid);
    expect(own.status).toBe(200);
    expect(await check(mine!.landid, myHero.heroid)).toEqual(own);
    expect(cache.size(me.id)).toBe(before + 1);
  });

  it('keeps at most a fixed number of reads per player, the oldest going first', async () => {
    const cache = new ProfileCache();
    const load = (value: number) => () => Promise.resolve(value);
    for (let i = 0; i < 1000; i++) await cache.get(7, 1, `read:${i}`, load(i));
    expect(cache.size(7)).toBe(PROFILE_CACHE_READS);
    // The newest are kept; the oldest were dropped and load again.
    let loads = 0;
    const counted = (value: number) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    expect(await cache.get(7, 1, 'read:999', counted(-1))).toBe(999);
    expect(loads).toBe(0);
    expect(await cache.get(7, 1, 'read:0', counted(-1))).toBe(-1);
    expect(loads).toBe(1);
    expect(cache.size(7)).toBe(PROFILE_CACHE_READS);
  });
});
