import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitClient } from '../src/lib/ip-address.js';
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

  it('counts every address of one IPv6 /64 as one client', async () => {
    const reg = await registerPlayer(ctx);
    // Twelve addresses of one /64, written in several ways: one client for the pair limit.
    const codes: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const ip =
        i % 3 === 0
          ? `2001:0db8:0001:0002:0000:0000:0000:${i.toString(16)}`
          : i % 3 === 1
            ? `2001:db8:1:2::${i.toString(16)}`
            : `2001:db8:1:2:${i.toString(16)}::1`;
      codes.push((await login(reg.login, 'wrong-password', ip)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, ...Array<number>(9).fill(429)]);
    // Another /64 is another client.
    expect((await login(reg.login, 'wrong-password', '2001:db8:1:3::1')).statusCode).toBe(401);

    // And for the per-client limit: many usernames from one /64 are stopped after 8.
    const many: number[] = [];
    for (let i = 0; i < 10; i++)
      many.push((await login(`six_${i}`, 'whatever-pass', `2001:db8:9:9::${i + 1}`)).statusCode);
    expect(many).toEqual([...Array<number>(8).fill(401), 429, 429]);
  });

  it('keeps IPv4 and IPv4-mapped IPv6 clients by their address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 9; i++)
      codes.push((await login(`four_${i}`, 'whatever-pass', '::ffff:10.4.0.1')).statusCode);
    expect(codes).toEqual([...Array<number>(8).fill(401), 429]);
    // The same address written as IPv4 is the same client; its neighbours are not.
    expect((await login('four_x', 'whatever-pass', '10.4.0.1')).statusCode).toBe(429);
    expect((await login('four_x', 'whatever-pass', '10.4.0.2')).statusCode).toBe(401);
    expect((await login('four_x', 'whatever-pass', '::ffff:10.4.0.3')).statusCode).toBe(401);
  });
});

describe('the client a limit counts', () => {
  it('is an IPv4 address, or the /64 of an IPv6 one, however written', () => {
    expect(rateLimitClient('10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitClient('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitClient('::FFFF:0a00:0001')).toBe('10.0.0.1');
    for (const six of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2:3:4:5:6'])
      expect(rateLimitClient(six), six).toBe('2001:db8:1:2::/64');
    expect(rateLimitClient('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitClient('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitClient('2001:db8::10.0.0.1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitClient('not-an-address')).toBe('not-an-address');
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
      // One IPv6 /64 is one client, whichever of its addresses asks.
      const six: number[] = [];
      for (let i = 1; i <= 5; i++)
        six.push(
          (await ctx.app.inject({ url: '/abwab/nonce', remoteAddress: `2001:db8:7:7::${i}` }))
            .statusCode,
        );
      expect(six).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await ctx.close();
    }
  });
});
