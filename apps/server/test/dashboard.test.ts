import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DashboardStat } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, starter } from './game-helpers.js';

/**
 * GET /dashboard/stat gates its widgets' data as the screen gates the widgets
 * (docs/screens.md, Feature gates): the gold attention and daily missions data only from
 * profile level 2; below it `gold` is empty and `daily` all false.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

async function playerAt(level: number) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  const setLevel = (to: number) =>
    ctx.database.db.execute(sql`update profiles set level = ${to} where id = ${profileId}`);
  await setLevel(level);
  const { land, resident } = await starter(api);
  // A land with gold on it, and today's daily reward taken.
  ctx.clock.advance(DAY);
  const daily = await api.post('/misaar/mission/start', {
    missionType: 'DAILYREWARD',
    landid: land.landid,
    heroid: resident.heroid,
  });
  expect(daily.status).toBe(200);
  ctx.clock.advance(daily.body.minutes * 60_000);
  const stat = async () => {
    const res = await api.get('/dashboard/stat');
    expect(res.status).toBe(200);
    return res.body as DashboardStat;
  };
  return { stat, setLevel, landid: land.landid };
}

describe('the dashboard stat', () => {
  it('leaves out the gold attention and daily missions data below profile level 2', async () => {
    for (const level of [0, 1]) {
      const { stat } = await playerAt(level);
      const body = await stat();
      expect(body.gold, `level ${level}`).toEqual([]);
      expect(body.daily, `level ${level}`).toEqual({ daily: false, seal: false });
      // The ungated widgets are served as before.
      expect(body.heroes.ok).toBe(true);
      expect(body.heroes.data.busy + body.heroes.data.idle).toBeGreaterThan(0);
      expect(Array.isArray(body.announces)).toBe(true);
    }
  });

  it('serves them from profile level 2, and as soon as the player reaches it', async () => {
    const at2 = await playerAt(2);
    const body = await at2.stat();
    expect(body.daily).toEqual({ daily: true, seal: false });
    expect(body.gold).toEqual([expect.objectContaining({ landid: at2.landid, mission: false })]);
    expect(body.gold[0]!.leftover).toBeGreaterThan(0);

    const rising = await playerAt(0);
    expect((await rising.stat()).gold).toEqual([]);
    await rising.setLevel(2);
    const after = await rising.stat();
    expect(after.daily.daily).toBe(true);
    expect(after.gold.map((g) => g.landid)).toEqual([rising.landid]);
  });
});
