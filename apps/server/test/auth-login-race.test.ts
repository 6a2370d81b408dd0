import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testConfig, registerPlayer, type TestContext } from './helpers.js';

/** The per-(username, client) login limit of these tests. */
const LIMIT = 10;

describe('login throttling with parallel attempts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      rateLimits: {
        ...testConfig().rateLimits,
        loginPerClient: { max: 1000, windowSeconds: 60 },
        loginPerUsername: { max: LIMIT, windowSeconds: 900 },
      },
    });
  });
  afterAll(() => ctx.close());

  const login = (username: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      remoteAddress: ip,
      payload: { username, password },
    });

  it('checks at most the limit of 25 parallel wrong passwords; the others answer 429', async () => {
    const reg = await registerPlayer(ctx);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => login(reg.login, 'wrong-password', '10.3.0.1')),
    );
    const codes = answers.map((a) => a.statusCode);
    const refused = codes.filter((c) => c === 401).length;
    const throttled = codes.filter((c) => c === 429).length;
    expect(refused).toBeLessThanOrEqual(LIMIT);
    expect(refused).toBeGreaterThan(0);
    expect(refused + throttled).toBe(25);
    // The limit holds for the right password too, until the window ends.
    expect((await login(reg.login, reg.password, '10.3.0.1')).statusCode).toBe(429);
    ctx.clock.advance(901_000);
    expect((await login(reg.login, reg.password, '10.3.0.1')).statusCode).toBe(200);
  });

  it('lets the owner log in from their own address while an attacker address is locked out', async () => {
    const reg = await registerPlayer(ctx);
    const attacker: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      attacker.push((await login(reg.login, `guess-${i}-guess`, '10.4.0.66')).statusCode);
    expect(attacker.slice(LIMIT)).toEqual([429, 429]);
    expect((await login(reg.login, reg.password, '10.4.0.66')).statusCode).toBe(429);
    const owner = await login(reg.login, reg.password, '10.4.0.7');
    expect(owner.statusCode).toBe(200);
    // The owner's success does not unlock the attacker's address.
    expect((await login(reg.login, 'guess-again', '10.4.0.66')).statusCode).toBe(429);
  });
});
