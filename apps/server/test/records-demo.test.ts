import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AchievementList, MissionLogPage, RatingPage } from '@aleph/contracts';
import { auditLedger } from '../src/core/audit.js';
import { ensureDemoWorld } from '../src/seed/demo.js';
import { cookiesFrom, createTestContext, type TestContext } from './helpers.js';
import { client, type Client } from './game-helpers.js';

let ctx: TestContext;
let veteran: Client;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const world = await ensureDemoWorld(ctx.database.db, ctx.clock.now());
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username: 'veteran', password: world.created ? world.veteran?.password : '' },
  });
  if (res.statusCode !== 200) throw new Error(`veteran login failed: ${res.body}`);
  cookie = cookiesFrom(res);
  veteran = client(ctx, cookie);
});
afterAll(() => ctx.close());

describe("the veteran's records", () => {
  it('has achievements earned and in progress, a long log with reports, a frame and a place', async () => {
    const list = (await veteran.get('/athar/achievements')).body as AchievementList;
    expect(list.earned).toBeGreaterThanOrEqual(15);
    expect(list.achievements.some((a) => !a.earnedAt && a.progress > 0)).toBe(true);

    const log = (await veteran.get('/misaar/missions/log?limit=100')).body as MissionLogPage;
    expect(log.missions).toHaveLength(100);
    expect(log.next).not.toBeNull();
    expect(log.missions.every((m) => m.reportid !== null)).toBe(true);

    const frame = (await veteran.get('/athar/profile/frame')).body;
    expect(frame.frame).toBe('legendary');

    const rating = (await veteran.get('/athar/rating')).body as RatingPage;
    expect(rating.rows.length).toBeGreaterThan(3);
    expect(rating.me.place).toBe(1);
    expect(await auditLedger(ctx.database.db)).toEqual([]);
  });
});
