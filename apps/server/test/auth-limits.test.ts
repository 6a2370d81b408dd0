import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_USERNAME_SPREAD } from '../src/modules/auth/login-limits.js';
import { createTestContext, testConfig, registerPlayer, type TestContext } from './helpers.js';

describe('login throttling', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      rateLimits: {
        ...testConfig().rateLimits,
        loginPerClient: { max: 8, windowSeconds: 60 },
        loginPerUsername: { max: 3, windowSeconds: 900 },
      },
    });
  });
  afterAll(() => ctx.close());

  const login = (username: string, password: string, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      remoteAddress: ip,
      payload: { username, password },
    });

  it('blocks a username after repeated failures, even with the right password, until the window ends', async () => {
    const reg = await registerPlayer(ctx);
    // Each address may fail 3 times; the username as a whole LOGIN_USERNAME_SPREAD times that.
    for (let i = 0; i < 3 * LOGIN_USERNAME_SPREAD; i++) {
      const ip = `10.1.0.${i % LOGIN_USERNAME_SPREAD}`;
      expect((await login(reg.login, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const blocked = await login(reg.login, reg.password, '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.json().message).toMatch(/Too many login attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(901_000);
    expect((await login(reg.login, reg.password, '10.1.0.9')).statusCode).toBe(200);
  });

  it('blocks a client that tries many usernames', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push((await login(`someone_${i}`, 'whatever-pass', '10.2.0.1')).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes.slice(8)).toEqual([429, 429]);
    // Another client is not affected.
    expect((await login('someone_x', 'whatever-pass', '10.2.0.2')).statusCode).toBe(401);
  });
});

describe('nonce throttling', () => {
  it('limits signature requests per client', async () => {
    const ctx = await createTestContext({
      rateLimits: { ...testConfig().rateLimits, nonce: { max: 3, windowSeconds: 60 } },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          (await ctx.app.inject({ url: '/abwab/nonce', remoteAddress: '10.9.0.1' })).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await ctx.close();
    }
  });
});
