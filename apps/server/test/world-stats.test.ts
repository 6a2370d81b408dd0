import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRng } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { addBoardScore } from '../src/core/boards.js';
import { OncePer } from '../src/modules/map/minute-cache.js';
import { createLands } from '../src/core/create-lands-heroes.js';
import { setProfileLevel } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, HOUR } from './game-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { api: client(ctx, p.cookie), id: row!.id };
}

const exec = (q: ReturnType<typeof sql>) => ctx.database.db.execute(q);

/** A settled mission of the player's starter hero on their land, settled at `at`. */
async function settledMission(profileId: number, at: Date) {
  await exec(sql`insert into missions (profile_id, hero_id, land_id, type, params, seed, reservation,
                   started_at, eta, status, settled_at)
    select ${profileId}, h.id, l.id, 'DAILYREWARD', '{}'::jsonb, 1, '{}'::jsonb, ${at}, ${at}, 'settled', ${at}
    from heroes h, lands l where h.owner_id = ${profileId} and l.owner_id = ${profileId} limit 1`);
}

describe('GET /athar/worldstats', () => {
  it('is locked below level five with the designed text', async () => {
    const me = await newPlayer();
    const res = await me.api.get('/athar/worldstats');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'FEATURE_LOCKED',
      message: 'You need to upgrade your profile to at least level five.',
    });
  });

  it('counts a small known world, and computes again only after a minute', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    await setProfileLevel(ctx.database.db, a.id, 5, ctx.clock.now());
    // A clean slate of lands, heroes and vaults: only what this test makes is counted.
    await exec(sql`delete from lands`);
    await exec(sql`delete from heroes where owner_id <> ${a.id}`);
    await exec(sql`update heroes set rarity = 2`);
    const now = ctx.clock.now();
    await createLands(
      ctx.database.db,
      a.id,
      [
        { continent: 0, terrain: 0, element: 0 },
        { continent: 0, terrain: 0, element: 1 },
        { continent: 1, terrain: 4, element: 2 },
      ],
      createRng('stats-a'),
      now,
    );
    await createLands(
      ctx.database.db,
      b.id,
      [{ continent: 1, terrain: 3, element: 3 }],
      createRng('stats-b'),
      now,
    );
    await exec(sql`update land_elements set vault_volume = 100.75 where element = 2`);
    await exec(sql`update land_elements set vault_volume = 10 where element = 3`);
    await settledMission(a.id, new Date(now.getTime() - 2 * HOUR));
    await settledMission(a.id, new Date(now.getTime() - DAY));
    await addBoardScore(ctx.database.db, 'TOP_GOLD_CLAIMERS', a.id, 1_200, now);
    await addBoardScore(ctx.database.db, 'TOP_GOLD_CLAIMERS', b.id, 300, now);
    const [players] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from profiles`,
    );

    const res = await a.api.get('/athar/worldstats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      computedAt: now.toISOString(),
      players: players!.n,
      landsByTerrain: [
        [2, 0, 0, 0, 0],
        [0, 0, 0, 1, 1],
      ],
      // The starter grant's three heroes of a, made Rare.
      heroesByRarity: [0, 0, 3, 0, 0],
      // The one settled two hours ago; yesterday's is not today's (TEST_EPOCH is 08:00 UTC).
      missionsToday: 1,
      goldClaimedThisWeek: 1_500,
      elementalsInVaults: [0, 0, 403, 40], // sums, then whole elementals
    });

    // Within the minute the same numbers, even though the world changed.
    await newPlayer();
    ctx.clock.advance(59_000);
    expect((await a.api.get('/athar/worldstats')).body).toEqual(res.body);
    ctx.clock.advance(2_000);
    const later = await a.api.get('/athar/worldstats');
    expect(later.body.players).toBe(players!.n + 1);
    expect(later.body.computedAt).not.toBe(res.body.computedAt);
  });
});

describe('OncePer (the world statistics cache)', () => {
  it('runs one computation for any number of parallel callers inside a minute', async () => {
    const clock = new AdjustableClock({ now: () => new Date('2026-01-05T08:00:00Z') });
    let runs = 0;
    const cache = new OncePer(clock, 60_000, async (now) => {
      runs++;
      await new Promise((r) => setTimeout(r, 5));
      return now.getTime();
    });
    const first = await Promise.all(Array.from({ length: 50 }, () => cache.get()));
    expect(runs).toBe(1);
    expect(new Set(first).size).toBe(1);
    clock.advance(59_999);
    await Promise.all(Array.from({ length: 50 }, () => cache.get()));
    expect(runs).toBe(1);
    clock.advance(1);
    const second = await Promise.all(Array.from({ length: 50 }, () => cache.get()));
    expect(runs).toBe(2);
    expect(new Set(second).size).toBe(1);
  });

  it('forgets a failed computation, so the next caller tries again', async () => {
    const clock = new AdjustableClock({ now: () => new Date('2026-01-05T08:00:00Z') });
    let runs = 0;
    const cache = new OncePer(clock, 60_000, async () => {
      runs++;
      if (runs === 1) throw new Error('database away');
      return 'ok';
    });
    await expect(cache.get()).rejects.toThrow('database away');
    await expect(cache.get()).resolves.toBe('ok');
    expect(runs).toBe(2);
  });
});
