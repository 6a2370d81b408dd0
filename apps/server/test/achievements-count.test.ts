import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { achievementByCode } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { countAndNotify } from '../src/core/achievements.js';
import { ChangeBook } from '../src/core/change-book.js';
import { runPendingWorkflows } from '../src/modules/workflows/service.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, expectBooksBalanced, starter } from './game-helpers.js';

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
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { api, profileId: row!.id, ...(await starter(api)) };
}

const earned = (profileId: number) =>
  queryRows<{ code: string }>(
    ctx.database.db,
    sql`select code from achievements_earned where profile_id = ${profileId} order by code`,
  ).then((rows) => rows.map((r) => r.code));

const progress = (profileId: number, metric: string) =>
  queryRows<{ value: string }>(
    ctx.database.db,
    sql`select value::text from achievement_progress where profile_id = ${profileId} and metric = ${metric}`,
  ).then((rows) => Number(rows[0]?.value ?? 0));

const xpFromAchievements = (profileId: number) =>
  queryRows<{ xp: number }>(
    ctx.database.db,
    sql`select coalesce(sum(delta), 0)::float8 as xp from ledger
        where profile_id = ${profileId} and asset = 'xp' and cause = 'achievement'`,
  ).then((rows) => rows[0]!.xp);

describe('achievement counting', () => {
  it('counts finished missions and claimed gold at settlement, earns with XP and a message', async () => {
    const { api, profileId, land, homeless } = await newPlayer();
    ctx.clock.advance(DAY);
    const start = await api.post('/misaar/mission/start', {
      missionType: 'GOLDCLAIM',
      landid: land.landid,
      heroid: homeless.heroid,
    });
    expect(start.status).toBe(200);
    ctx.clock.advance(start.body.minutes * 60_000);
    await api.profile(); // the read settles the player's due missions

    expect(await earned(profileId)).toEqual(['FIRST_CLAIM', 'FIRST_MISSION']);
    expect(await progress(profileId, 'missions_finished')).toBe(1);
    expect(await progress(profileId, 'gold_claimed')).toBeGreaterThan(0);
    const xp = achievementByCode('FIRST_CLAIM')!.xp + achievementByCode('FIRST_MISSION')!.xp;
    expect(await xpFromAchievements(profileId)).toBe(xp);
    const inbox = (await api.get('/hatif/messages')).body as Array<{ subject: string }>;
    expect(inbox.map((m) => m.subject)).toContain('Achievement earned: First Claim');
    await expectBooksBalanced(ctx);
  });

  it('earns an achievement exactly once when many transactions reach it at the same time', async () => {
    const { profileId } = await newPlayer();
    const now = ctx.clock.now();
    const wins = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.database.db.transaction(async (tx) => {
          const book = new ChangeBook();
          const n = await countAndNotify(
            tx,
            book,
            [
              { profileId, metric: 'lands_owned', amount: 5 },
              { profileId, metric: 'arena_wins', amount: 1 },
            ],
            now,
          );
          await book.flush(tx, { at: now });
          return n;
        }),
      ),
    );
    // LANDS_2 and LANDS_5 by the max metric, ARENA_WIN_1 by the first win: three in all.
    expect(wins.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await earned(profileId)).toEqual(['ARENA_WIN_1', 'LANDS_2', 'LANDS_5']);
    expect(await progress(profileId, 'arena_wins')).toBe(12);
    expect(await progress(profileId, 'lands_owned')).toBe(5);
    const xp = ['ARENA_WIN_1', 'LANDS_2', 'LANDS_5'].reduce(
      (sum, c) => sum + achievementByCode(c)!.xp,
      0,
    );
    expect(await xpFromAchievements(profileId)).toBe(xp);
    await expectBooksBalanced(ctx);
  });

  it('counts lands and heroes owned at a mint, and the profile level at a level-up', async () => {
    const { api, profileId } = await newPlayer();
    const now = ctx.clock.now();
    await grantToProfile(ctx.database.db, profileId, { platinum: 100, xp: 20_000 }, now);
    const mint = await api.post('/market/mint/land', {
      continent: 1,
      idempotencyKey: 'a'.repeat(16),
    });
    expect(mint.status).toBe(200);
    expect(await progress(profileId, 'lands_owned')).toBe(2);
    // The starter grant's three heroes.
    expect(await progress(profileId, 'heroes_owned')).toBe(3);
    expect(await earned(profileId)).toEqual(['LANDS_2']);

    expect((await api.post('/tartib/workflow/start', { wftype: 'PROFILELEVELUP' })).status).toBe(
      202,
    );
    await runPendingWorkflows(ctx.database.db, ctx.clock.now());
    expect(await progress(profileId, 'profile_level')).toBe(1);
    await expectBooksBalanced(ctx);
  });
});
