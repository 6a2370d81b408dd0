import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import {
  cookiesFrom,
  createTestContext,
  registerPlayer,
  signedInPlayer,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, cookie = '') =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie = '', payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('login and session cookies', () => {
  it('has no session without cookies', async () => {
    const res = await get('/abwab/checksession');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session: false });
  });

  it('logs in, sets httpOnly SameSite=Lax cookies, and opens protected endpoints', async () => {
    const reg = await registerPlayer(ctx);
    const res = await post('/abwab/login', '', { username: reg.login, password: reg.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cookies = res.cookies as Array<{
      name: string;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
    }>;
    // The session's two cookies, and the browser's device id for the sign-in records.
    expect(cookies.map((c) => c.name).sort()).toEqual(['aleph_at', 'aleph_device', 'aleph_rt']);
    for (const c of cookies) {
      expect(c.httpOnly).toBe(true);
      expect(c.sameSite).toBe('Lax');
      expect(c.path).toBe('/');
    }
    const cookie = cookiesFrom(res);
    expect((await get('/abwab/checksession', cookie)).json()).toEqual({ session: true });
    const profile = await get('/athar/profile', cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      nickname: reg.login,
      vip: { vipPoints: 0, vipLevel: 0 },
      level: { level: 0, profilePoints: 0, upgradable: false },
      treasury: { gold: 0, platinum: 0 },
    });
    const features = await get('/athar/features', cookie);
    expect(features.json()).toEqual([]);
  });

  it('accepts the username in any case', async () => {
    const reg = await registerPlayer(ctx);
    const res = await post('/abwab/login', '', {
      username: reg.login.toUpperCase(),
      password: reg.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const reg = await registerPlayer(ctx);
    const wrong = await post('/abwab/login', '', {
      username: reg.login,
      password: 'wrong password!',
    });
    const unknown = await post('/abwab/login', '', {
      username: 'nobody_here_at_all',
      password: 'whatever1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password.',
    });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('answers 401 on a protected endpoint without a valid access token', async () => {
    expect((await get('/athar/profile')).statusCode).toBe(401);
    const forged = await get('/athar/profile', 'aleph_at=forged.value');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('refuses a validly signed cookie whose token the server never issued', async () => {
    const { cookie } = await signedInPlayer(ctx);
    const tampered = cookie.replace(
      /aleph_at=[^.;]+/,
      'aleph_at=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect((await get('/athar/profile', tampered)).statusCode).toBe(401);
  });
});

describe('refresh', () => {
  it('keeps a player signed in after the access token expires', async () => {
    const { cookie } = await signedInPlayer(ctx);
    ctx.clock.advance((ctx.config.accessTokenTtlSeconds + 1) * 1000);
    expect((await get('/athar/profile', cookie)).statusCode).toBe(401);
    expect((await get('/abwab/checksession', cookie)).json()).toEqual({ session: true });
    const refreshed = await post('/abwab/refresh', cookie);
    expect(refreshed.statusCode).toBe(200);
    const next = cookiesFrom(refreshed, cookie);
    expect(next).not.toBe(cookie);
    expect((await get('/athar/profile', next)).statusCode).toBe(200);
  });

  it('ends the whole session when a used refresh token comes back', async () => {
    const { cookie } = await signedInPlayer(ctx);
    const first = await post('/abwab/refresh', cookie);
    expect(first.statusCode).toBe(200);
    const current = cookiesFrom(first, cookie);
    expect((await get('/athar/profile', current)).statusCode).toBe(200);

    // The old cookie (a thief's copy) is presented again.
    const replay = await post('/abwab/refresh', cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'REFRESH_REUSED' });
    // The legitimate holder's fresh tokens die with the session.
    expect((await get('/athar/profile', current)).statusCode).toBe(401);
    expect((await post('/abwab/refresh', current)).statusCode).toBe(401);
    expect((await get('/abwab/checksession', current)).json()).toEqual({ session: false });
  });

  it('lets exactly one of many racing refreshes of one token succeed', async () => {
    const { cookie } = await signedInPlayer(ctx);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post('/abwab/refresh', cookie)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(9);
  });

  it('refuses a refresh without a cookie and accepts an empty JSON body', async () => {
    expect((await post('/abwab/refresh')).statusCode).toBe(401);
    const { cookie } = await signedInPlayer(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/refresh',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const { cookie } = await signedInPlayer(ctx);
    ctx.clock.advance((ctx.config.refreshTokenTtlSeconds + 1) * 1000);
    expect((await post('/abwab/refresh', cookie)).statusCode).toBe(401);
    expect((await get('/abwab/checksession', cookie)).json()).toEqual({ session: false });
  });
});

describe('logout', () => {
  it('revokes the session on the server, not only in the browser', async () => {
    const { cookie } = await signedInPlayer(ctx);
    const res = await post('/abwab/logout', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // The browser would drop its cookies; a copy kept elsewhere must be dead too.
    expect((await get('/athar/profile', cookie)).statusCode).toBe(401);
    expect((await post('/abwab/refresh', cookie)).statusCode).toBe(401);
    const revoked = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sessions where revoked_reason = 'logout'`,
    );
    expect(Number(revoked[0]?.n)).toBeGreaterThan(0);
  });

  it('answers ok without a session', async () => {
    expect((await post('/abwab/logout')).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const reg = await registerPlayer(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: reg.login, password: reg.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BAD_ORIGIN' });
    expect(res.cookies).toHaveLength(0);
  });

  it('accepts the same origin', async () => {
    const reg = await registerPlayer(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { username: reg.login, password: reg.password },
    });
    expect(res.statusCode).toBe(200);
  });
});
