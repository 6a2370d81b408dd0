import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BlockList } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { createTestContext, type TestContext } from './helpers.js';
import { countOf, socialPlayer, type SocialPlayer } from './social-players.js';

/**
 * Blocks (GET/POST /athar/blocks, DELETE /athar/blocks/{profileid}): a player blocks and
 * unblocks others, at most SOCIAL_CONFIG.blocksMax; blocking twice is no error.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const block = (p: SocialPlayer, profileid: unknown) =>
  p.call({ method: 'POST', url: '/athar/blocks', body: { profileid } });
const list = async (p: SocialPlayer) =>
  (await p.call({ method: 'GET', url: '/athar/blocks' })).json() as BlockList;
const blocksOf = (p: SocialPlayer) =>
  countOf(ctx, sql`select count(*)::int as n from blocks where profile_id = ${p.id}`);

describe('blocks', () => {
  it('blocks, lists newest first, blocks again without error and unblocks', async () => {
    const me = await socialPlayer(ctx);
    const x = await socialPlayer(ctx);
    const y = await socialPlayer(ctx);
    const first = await block(me, x.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      profileid: x.id,
      nickname: x.nickname,
      since: ctx.clock.now().toISOString(),
    });
    ctx.clock.advance(60_000);
    expect((await block(me, y.id)).statusCode).toBe(201);
    const again = await block(me, x.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await list(me)).map((b) => b.profileid)).toEqual([y.id, x.id]);
    // Blocks are one-way: x's list is empty.
    expect(await list(x)).toEqual([]);
    const lift = await me.call({ method: 'DELETE', url: `/athar/blocks/${x.id}` });
    expect(lift.statusCode).toBe(204);
    expect(lift.body).toBe('');
    expect((await list(me)).map((b) => b.profileid)).toEqual([y.id]);
    const twice = await me.call({ method: 'DELETE', url: `/athar/blocks/${x.id}` });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ code: 'NOT_BLOCKED', field: 'profileid' });
  });

  it('refuses oneself, unknown players and bad ids, naming the field and changing nothing', async () => {
    const me = await socialPlayer(ctx);
    const self = await block(me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'BLOCK_SELF', field: 'profileid' });
    const nobody = await block(me, 2_147_483_647);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ code: 'PLAYER_NOT_FOUND', field: 'profileid' });
    for (const bad of [0, -1, 'x', 1.5, null]) {
      const res = await block(me, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().field).toBe('profileid');
    }
    const badParam = await me.call({ method: 'DELETE', url: '/athar/blocks/abc' });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().field).toBe('profileid');
    expect(await blocksOf(me)).toBe(0);
  });

  it('holds at most the configured number of blocks, also when they arrive at once', async () => {
    const config = SOCIAL_CONFIG as { blocksMax: number };
    const saved = config.blocksMax;
    config.blocksMax = 3;
    try {
      const me = await socialPlayer(ctx);
      const others = await Promise.all(Array.from({ length: 6 }, () => socialPlayer(ctx)));
      const answers = await Promise.all(others.map((o) => block(me, o.id)));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
      const full = answers.find((r) => r.statusCode === 409)!;
      expect(full.json()).toMatchObject({ code: 'BLOCKS_FULL', field: 'profileid' });
      expect(await blocksOf(me)).toBe(3);
    } finally {
      config.blocksMax = saved;
    }
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/athar/blocks' });
    expect(res.statusCode).toBe(401);
  });
});
