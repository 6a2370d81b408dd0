import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MissionLogEntry, MissionLogPage, RatingPage, RatingRow } from '@aleph/contracts';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/client.js';
import { LogPageCache } from '../src/modules/records/log-cache.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { ratingPage } from '../src/modules/records/rating.js';
import { RatingSnapshot } from '../src/modules/records/rating-snapshot.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, starter } from './game-helpers.js';

/**
 * The records' caches as a player sees them (docs/api.md, Records; docs/performance.md,
 * Records): log pages stay the same until one of the player's missions settles, and then show
 * it; the rating's pages are at most five seconds old while the caller's own row is current.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function newPlayer(level: number) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  await db().execute(sql`update profiles set level = ${level} where id = ${profileId}`);
  return { api, cookie: p.cookie, profileId, ...(await starter(api)) };
}

/** `n` finished missions straight into the table, one a minute from `from`. */
async function settledMissions(
  profileId: number,
  heroId: number,
  landId: number,
  n: number,
  from: Date,
) {
  await db().execute(sql`insert into missions
      (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status, settled_at, result)
    select ${profileId}, ${heroId}, ${landId}, case when i % 3 = 0 then 'HUNTSEAL' else 'GOLDCLAIM' end,
      '{}'::jsonb, i, '{}'::jsonb, ${from}::timestamptz + (i * interval '1 minute'),
      ${from}::timestamptz + (i * interval '1 minute') + interval '30 minutes',
      'settled', now(),
      jsonb_build_object('type', 'GOLDCLAIM', 'success', i % 2 = 0, 'xp', 10, 'treasuryGold', i)
    from generate_series(1, ${n}) as i`);
}

const log = async (api: ReturnType<typeof client>, query: string) => {
  const res = await api.get(`/misaar/missions/log?${query}`);
  expect(res.status, query).toBe(200);
  return res.body as MissionLogPage;
};

const rating = async (api: ReturnType<typeof client>, query = '') => {
  const res = await api.get(`/athar/rating${query}`);
  expect(res.status, query).toBe(200);
  return res.body as RatingPage;
};

describe('the Mission Log', () => {
  it('answers a page read twice the same, and shows a mission once it settles', async () => {
    const p = await newPlayer(4);
    await settledMissions(
      p.profileId,
      p.resident.heroid,
      p.land.landid,
      45,
      new Date('2025-12-01'),
    );
    const first = await log(p.api, 'limit=10');
    const second = await log(p.api, `limit=10&cursor=${first.next}`);
    expect(second.missions).toHaveLength(10);
    expect(await log(p.api, `limit=10&cursor=${first.next}`)).toEqual(second);
    const claims = await log(p.api, 'type=GOLDCLAIM&limit=5');
    expect(await log(p.api, 'limit=5&type=GOLDCLAIM')).toEqual(claims);

    // A mission the player plays through settles before their next read: every page that
    // holds it shows it at once, the pages behind the cursor are unchanged.
    ctx.clock.advance(DAY);
    const start = await p.api.post('/misaar/mission/start', {
      missionType: 'GOLDCLAIM',
      landid: p.land.landid,
      heroid: p.homeless.heroid,
    });
    expect(start.status).toBe(200);
    ctx.clock.advance(start.body.minutes * 60_000);
    const claimsAfter = await log(p.api, 'type=GOLDCLAIM&limit=5');
    expect(claimsAfter.missions[0]!.missionid).toBe(start.body.missionid);
    expect(claimsAfter.missions.slice(1)).toEqual(claims.missions.slice(0, 4));
    expect((await log(p.api, 'limit=10')).missions[0]!.missionid).toBe(start.body.missionid);
    expect(await log(p.api, `limit=10&cursor=${first.next}`)).toEqual(second);

    // One settled by another server process (straight into the table here) shows too.
    await settledMissions(p.profileId, p.resident.heroid, p.land.landid, 1, ctx.clock.now());
    const [newest] = await queryRows<{ id: number }>(
      db(),
      sql`select max(id)::int as id from missions where profile_id = ${p.profileId}`,
    );
    const claimsLater = await log(p.api, 'type=GOLDCLAIM&limit=5');
    expect(claimsLater.missions[0]!.missionid).toBe(newest!.id);
    expect(claimsLater.missions[1]!.missionid).toBe(start.body.missionid);
  });
});

describe('the profiles rating', () => {
  it("shows the caller's own power and place at once, everyone's within five seconds", async () => {
    const a = await newPlayer(7);
    const b = await newPlayer(7);
    const before = await rating(a.api, '?limit=100');
    expect(await rating(a.api, '?limit=100')).toEqual(before);
    const [top] = await queryRows<{ power: number }>(
      db(),
      sql`select max(power)::float8 as power from profiles`,
    );
    // b's power rises above everyone's (as a tower or hero level would raise it).
    const power = top!.power + 5000;
    await db().execute(sql`update profiles set power = ${power} where id = ${b.profileId}`);
    const mine = await rating(b.api);
    expect(mine.me).toMatchObject({ profileid: b.profileId, power, place: 1 });

    ctx.clock.advance(5_000);
    const after = await rating(a.api, '?limit=100');
    expect(after.rows[0]).toMatchObject({ place: 1, profileid: b.profileId, power });
    const aBefore = before.rows.find((r) => r.profileid === a.profileId)!;
    const bWasAbove = before.me.place > before.rows.findIndex((r) => r.profileid === b.profileId);
    expect(after.me.place).toBe(aBefore.place + (bWasAbove ? 0 : 1));
    expect(after.rows.find((r) => r.profileid === a.profileId)).toEqual(after.me);
  });

  it('pages past the snapshot and places callers beyond it as the database ranks them', async () => {
    for (const level of [7, 8, 9, 7, 10, 7]) await newPlayer(level);
    // A snapshot holding 3 rows and 5 keys: most of this rating lies past it.
    const small = new RatingSnapshot(db(), () => ctx.clock.now().getTime(), {
      maxAgeMs: 5_000,
      rows: 3,
      keys: 5,
    });
    const expected = await queryRows<{ id: number; power: number }>(
      db(),
      sql`select id, power::float8 as power from profiles order by power desc, id`,
    );
    const caller = expected.at(-1)!.id;
    const rows: RatingRow[] = [];
    let cursor: string | null = null;
    let me: RatingRow | undefined;
    do {
      const page: RatingPage = await ratingPage(db(), small, caller, {
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      rows.push(...page.rows);
      me = page.me;
      cursor = page.next;
    } while (cursor);
    expect(rows.map((r) => [r.profileid, r.power])).toEqual(expected.map((e) => [e.id, e.power]));
    expect(rows.map((r) => r.place)).toEqual(expected.map((_, i) => i + 1));
    expect(me).toEqual(rows.at(-1));
    for (const [i, e] of expected.entries()) {
      const page = await ratingPage(db(), small, e.id, { limit: 1 });
      expect(page.me.place, `player ${e.id}`).toBe(i + 1);
    }
  });
});

describe('the log page cache', () => {
  it('holds at most its rows, dropping the page read longest ago', async () => {
    const cache = new LogPageCache(50);
    const page = (id: number): MissionLogPage => ({
      missions: Array.from({ length: 20 }, () => ({ missionid: id }) as MissionLogEntry),
      next: null,
    });
    let loads = 0;
    const read = (player: number, version = 1) =>
      cache.get(player, version, 'limit=20', async () => {
        loads += 1;
        return page(player);
      });
    await read(1);
    await read(2);
    await read(1); // now 2 is the one read longest ago
    await read(3);
    expect(cache.size).toEqual({ pages: 2, rows: 40 });
    expect(loads).toBe(3);
    await read(1);
    expect(loads).toBe(3);
    await read(2);
    expect(loads).toBe(4);
    // A new state version is a new page, in place of the old one.
    await read(2, 2);
    expect(loads).toBe(5);
    expect(cache.size.rows).toBeLessThanOrEqual(50);
  });
});

describe('two server processes on one database', () => {
  it('each shows a mission the other settled at once, and the rating within five seconds', async () => {
    // A second app on the same database has its own caches, as another process would.
    const other = await buildApp(
      {
        config: ctx.config,
        database: ctx.database,
        clock: ctx.clock,
        accountHooks: [grantStarter],
      },
      { logger: false },
    );
    await other.ready();
    try {
      const p = await newPlayer(7);
      const q = await newPlayer(7);
      const pThere = client({ ...ctx, app: other }, p.cookie);
      await settledMissions(
        p.profileId,
        p.resident.heroid,
        p.land.landid,
        30,
        new Date('2025-11-01'),
      );
      const claims = await log(p.api, 'type=GOLDCLAIM&limit=5');
      await rating(q.api, '?limit=100'); // this process's snapshot, before p rises

      ctx.clock.advance(DAY);
      const start = await pThere.post('/misaar/mission/start', {
        missionType: 'GOLDCLAIM',
        landid: p.land.landid,
        heroid: p.homeless.heroid,
      });
      expect(start.status).toBe(200);
      ctx.clock.advance(start.body.minutes * 60_000);
      // Settled by the other process, before its own answer.
      expect((await log(pThere, 'type=GOLDCLAIM&limit=5')).missions[0]!.missionid).toBe(
        start.body.missionid,
      );
      const here = await log(p.api, 'type=GOLDCLAIM&limit=5');
      expect(here.missions[0]!.missionid).toBe(start.body.missionid);
      expect(here.missions.slice(1)).toEqual(claims.missions.slice(0, 4));

      // p rises to the top on the other process; this one shows it within five seconds.
      const [top] = await queryRows<{ power: number }>(
        db(),
        sql`select max(power)::float8 as power from profiles`,
      );
      const power = top!.power + 5000;
      await db().execute(sql`update profiles set power = ${power} where id = ${p.profileId}`);
      expect((await rating(pThere)).me).toMatchObject({ place: 1, power });
      expect((await rating(p.api)).me).toMatchObject({ place: 1, power });
      ctx.clock.advance(5_000);
      const later = await rating(q.api, '?limit=100');
      expect(later.rows[0]).toMatchObject({ profileid: p.profileId, power });
      expect(later.me.profileid).toBe(q.profileId);
    } finally {
      await other.close();
    }
  });
});
