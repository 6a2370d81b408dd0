import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestContext, testConfig, type TestContext } from './helpers.js';

/** At most 3 failed logins per client a minute: enough to tell who the server thinks is who. */
const LIMIT = 3;

describe('TRUST_PROXY=127.0.0.1,fd00::/8', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const { trustProxy } = loadConfig({
      COOKIE_SECRET: 'x'.repeat(40),
      DATA_DIR: '/nonexistent-test-data',
      TRUST_PROXY: '127.0.0.1,fd00::/8',
    });
    ctx = await createTestContext({
      trustProxy,
      rateLimits: { ...testConfig().rateLimits, loginPerClient: { max: LIMIT, windowSeconds: 60 } },
    });
  });
  afterAll(() => ctx.close());

  const login = (from: string, forwardedFor?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      remoteAddress: from,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      payload: { username: 'nobody_here', password: 'wrong-password' },
    });
  const statuses = async (requests: (() => ReturnType<typeof login>)[]) => {
    const codes: number[] = [];
    for (const request of requests) codes.push((await request()).statusCode);
    return codes;
  };

  it('tells the clients behind a trusted load balancer apart by X-Forwarded-For', async () => {
    const first = await statuses(
      Array.from({ length: LIMIT + 1 }, () => () => login('127.0.0.1', '203.0.113.1')),
    );
    expect(first).toEqual([401, 401, 401, 429]);
    // Another player behind the same balancer is not throttled with the first.
    expect((await login('127.0.0.1', '203.0.113.2')).statusCode).toBe(401);
    // Nor behind an IPv6 balancer inside a trusted CIDR.
    expect((await login('fd00::5', '203.0.113.3')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from anyone else, so the per-client limit still holds', async () => {
    const codes = await statuses(
      Array.from(
        { length: LIMIT + 2 },
        (_, i) => () => login('198.51.100.7', `192.0.2.${i + 1}, 198.51.100.7`),
      ),
    );
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // The addresses it claimed were never charged.
    expect((await login('127.0.0.1', '192.0.2.1')).statusCode).toBe(401);
  });
});
