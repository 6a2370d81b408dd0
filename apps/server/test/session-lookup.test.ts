import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { sample } from './ops-client.js';

/**
 * Signed-in requests that arrive together share one session lookup query. Each must still get
 * its own player, and a token that is unknown or whose session ended must still be refused.
 */
let ctx: TestContext;
let players: Array<{ login: string; cookie: string }>;

const profileOf = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/athar/profile', headers: { cookie } });

async function lookupMetrics() {
  const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
  return {
    queries: sample(text, 'aleph_session_lookup_batch_size_count') ?? 0,
    tokens: sample(text, 'aleph_session_lookup_batch_size_sum') ?? 0,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  players = [];
  for (let i = 0; i < 12; i++) players.push(await signedInPlayer(ctx));
});
afterAll(() => ctx.close());

describe('session lookups of requests that arrive together', () => {
  it('answer each request as its own player, with one query for many requests', async () => {
    const before = await lookupMetrics();
    const requests = players.flatMap((p) => [p, p, p]);
    const answers = await Promise.all(requests.map((p) => profileOf(p.cookie)));
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect((res.json() as { nickname: string }).nickname).toBe(requests[i]!.login);
    });
    const after = await lookupMetrics();
    // Every player's token was looked up (three requests of a player may share one row)...
    expect(after.tokens - before.tokens).toBeGreaterThanOrEqual(players.length);
    // ...by fewer queries than requests: they arrived in one turn of the event loop.
    expect(after.queries - before.queries).toBeLessThan(requests.length / 2);
  });

  it('refuses unknown and ended sessions that share a query with valid ones', async () => {
    const [ended, ...alive] = players;
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/logout',
      headers: { cookie: ended!.cookie },
    });
    expect(logout.statusCode).toBe(200);

    const forged = alive[0]!.cookie.replace(/aleph_at=[^;]+/, 'aleph_at=not-a-token');
    expect(forged).not.toBe(alive[0]!.cookie);
    const cookies = [ended!.cookie, forged, ...alive.map((p) => p.cookie)];
    const answers = await Promise.all(cookies.map(profileOf));
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, ...alive.map(() => 200)]);
    answers.slice(2).forEach((res, i) => {
      expect((res.json() as { nickname: string }).nickname).toBe(alive[i]!.login);
    });
  });

  it('refuses a session at once once it ended, while other lookups are in flight', async () => {
    const player = await signedInPlayer(ctx);
    const busy = players.slice(1).map((p) => profileOf(p.cookie));
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/logout',
      headers: { cookie: player.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect((await profileOf(player.cookie)).statusCode).toBe(401);
    expect((await Promise.all(busy)).every((r) => r.statusCode === 200)).toBe(true);
  });
});
