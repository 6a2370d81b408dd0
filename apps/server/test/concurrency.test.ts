import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRng, GAME_CONFIG, rollHero, type Element, type Terrain } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { settleDueBatch } from '../src/modules/missions/settle.js';
import { startMission } from '../src/modules/missions/service.js';
import { createHero, createLand } from '../src/core/create-lands-heroes.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, expectBooksBalanced, starter } from './game-helpers.js';

/**
 * Races that must have exactly one winner. On PostgreSQL (TEST_DATABASE_URL) the requests
 * really run in parallel on separate connections; on PGlite they interleave on one.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

async function player() {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { api, profileId: row!.id, ...(await starter(api)) };
}

async function extraHeroes(
  profileId: number,
  count: number,
  residenceId: number | null,
  seed: number,
) {
  const rng = createRng(seed);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await createHero(
        ctx.database.db,
        profileId,
        rollHero(rng, { rarity: 0 }),
        residenceId,
        ctx.clock.now(),
      ),
    );
  }
  return ids;
}

describe('exactly one wins', () => {
  it('50 parallel starts with one hero: one mission runs', async () => {
    const { api, land, resident } = await player();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post('/misaar/mission/start', {
          missionType: 'SEARCHELEMENT',
          landid: land.landid,
          heroid: resident.heroid,
          elemid: 1,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { code: 'HERO_BUSY' } });
    expect((await api.get('/misaar/missions/status/running')).body).toHaveLength(1);
  });

  it('50 parallel GOLDCLAIM starts on one land with 50 heroes: one claim runs', async () => {
    const { api, land, profileId } = await player();
    const heroIds = await extraHeroes(profileId, 50, null, 7);
    ctx.clock.advance(DAY);
    const results = await Promise.all(
      heroIds.map((heroid) =>
        api.post('/misaar/mission/start', {
          missionType: 'GOLDCLAIM',
          landid: land.landid,
          heroid,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toMatchObject({ status: 409, body: { code: 'CLAIM_RUNNING' } });
    }
    const running = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from missions where land_id = ${land.landid} and status = 'running'`,
    );
    expect(Number(running[0]?.n)).toBe(1);
  });

  it('parallel DAILYREWARD starts by two resident heroes: one per day', async () => {
    const { api, land, profileId } = await player();
    const heroIds = await extraHeroes(profileId, 3, land.landid, 11);
    const results = await Promise.all(
      heroIds.map((heroid) =>
        api.post('/misaar/mission/start', {
          missionType: 'DAILYREWARD',
          landid: land.landid,
          heroid,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body.code).toBe('DAILY_LIMIT');
  });
});

describe('settlement workers racing', () => {
  it('two workers over 1,000 due missions settle each exactly once', async () => {
    const { profileId } = await player();
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const rng = createRng(99);
    const heroIds: Array<{ heroid: number; landid: number }> = [];
    for (let l = 0; l < 200; l++) {
      const land = await createLand(
        db,
        profileId,
        { continent: 1, terrain: (l % 5) as Terrain, element: (l % 4) as Element },
        rng,
        now,
      );
      for (let h = 0; h < 5; h++) {
        heroIds.push({
          heroid: await createHero(db, profileId, rollHero(rng, { rarity: 0 }), land.id, now),
          landid: land.id,
        });
      }
    }
    for (const { heroid, landid } of heroIds) {
      await startMission(
        db,
        profileId,
        { missionType: 'SEARCHELEMENT', landid, heroid, elemid: heroid % 4 },
        now,
      );
    }
    const xpBefore = (
      await queryRows<{ xp: string }>(
        db,
        sql`select xp::text from profiles where id = ${profileId}`,
      )
    )[0]!.xp;
    const [running] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from missions where status = 'running'`,
    );
    ctx.clock.advance(DAY);
    const later = ctx.clock.now();
    // A batch that finds nothing to claim does not mean nothing is due: the other worker's
    // claim may still hold rows it locked and then passed over (SKIP LOCKED keeps a row's
    // earlier locks until its transaction ends). A worker stops when nothing due is left.
    const dueLeft = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from missions where status = 'running' and eta <= ${later}`,
          )
        )[0]?.n,
      );
    const worker = async () => {
      let total = 0;
      for (;;) {
        const n = await settleDueBatch(db, later, 50);
        total += n;
        if (n === 0 && (await dueLeft()) === 0) return total;
      }
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    // Every running mission (these 1,000 and those of the tests above) settled exactly once.
    expect(a + b).toBe(Number(running?.n));
    expect(Number(running?.n)).toBeGreaterThanOrEqual(1000);
    const counts = await queryRows<{ settled: number; running: number; reports: number }>(
      db,
      sql`select
            (select count(*)::int from missions where profile_id = ${profileId} and status = 'settled') as settled,
            (select count(*)::int from missions where profile_id = ${profileId} and status = 'running') as running,
            (select count(*)::int from messages where profile_id = ${profileId} and kind = 'mission') as reports`,
    );
    expect(counts[0]).toEqual({ settled: 1000, running: 0, reports: 1000 });
    const xpAfter = (
      await queryRows<{ xp: string }>(
        db,
        sql`select xp::text from profiles where id = ${profileId}`,
      )
    )[0]!.xp;
    // Besides the missions' XP, the achievements they earned (ledger cause `achievement`).
    const [earned] = await queryRows<{ xp: number }>(
      db,
      sql`select coalesce(sum(delta), 0)::float8 as xp from ledger
          where profile_id = ${profileId} and asset = 'xp' and cause = 'achievement'`,
    );
    // A one-hour search each (no hours given).
    expect(Number(xpAfter) - Number(xpBefore) - earned!.xp).toBe(
      1000 * GAME_CONFIG.missions.SEARCHELEMENT.xp,
    );
    await expectBooksBalanced(ctx);
  });

  // A lane of the worker must not wait on a row that a request (or another lane) holds: it
  // passes over those missions, settles the rest, and takes them up once they are free. Only
  // PostgreSQL can hold a row lock while another connection claims; PGlite has one connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a batch passes over missions whose land or player another transaction holds, without waiting',
    async () => {
      const { profileId } = await player();
      const other = await player();
      const db = ctx.database.db;
      const now = ctx.clock.now();
      const rng = createRng(7);
      const landIds: number[] = [];
      for (let l = 0; l < 3; l++) {
        const land = await createLand(
          db,
          profileId,
          { continent: 1, terrain: 0, element: l as Element },
          rng,
          now,
        );
        landIds.push(land.id);
        const [heroid] = await extraHeroes(profileId, 1, land.id, 40 + l);
        await startMission(
          db,
          profileId,
          { missionType: 'SEARCHELEMENT', landid: land.id, heroid: heroid!, elemid: 0 },
          now,
        );
      }
      await startMission(
        db,
        other.profileId,
        {
          missionType: 'SEARCHELEMENT',
          landid: other.land.landid,
          heroid: other.resident.heroid,
          elemid: 1,
        },
        now,
      );
      ctx.clock.advance(DAY);
      const later = ctx.clock.now();
      const running = async (id: number) =>
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from missions where profile_id = ${id} and status = 'running'`,
          )
        )[0]!.n;

      // A request holds the first land: its mission waits, the player's other two settle.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from lands where id = ${landIds[0]!} for update`);
        expect(await settleDueBatch(db, later, 50)).toBe(3);
        expect(await running(profileId)).toBe(1);
        expect(await running(other.profileId)).toBe(0);
      });
      // Another transaction holds the player: none of the player's missions is claimed.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from profiles where id = ${profileId} for no key update`);
        expect(await settleDueBatch(db, later, 50)).toBe(0);
      });
      expect(await settleDueBatch(db, later, 50)).toBe(1);
      expect(await running(profileId)).toBe(0);
      const [reports] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from messages where profile_id = ${profileId} and kind = 'mission'`,
      );
      expect(reports!.n).toBe(3);
      await expectBooksBalanced(ctx);
    },
  );
});
