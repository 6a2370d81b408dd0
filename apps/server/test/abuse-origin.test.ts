import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, signedRegistration, type TestContext } from './helpers.js';
import { ENDPOINTS } from './abuse-endpoints.js';
import { expectErrorShape } from './abuse-helpers.js';
import {
  bulkDelete,
  type Call,
  expectNothingChanged as unchanged,
  mission,
  newPlayer as playerIn,
  type Player,
  send,
} from './abuse-players.js';

/**
 * State-changing requests that a browser marks as coming from another site (Origin, or
 * Sec-Fetch-Site: cross-site) are refused with 403 BAD_ORIGIN on every POST endpoint, even
 * with the player's cookies and a request that would succeed from the site itself.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const newPlayer = () => playerIn(ctx);
const call = (c: Call) => send(ctx, c);
const expectNothingChanged = (who: Player[], act: () => Promise<void>) => unchanged(ctx, who, act);

describe('requests from another site', () => {
  let alice: Player;
  /** For every POST endpoint, a request that succeeds when it comes from the site itself. */
  let effective: Map<string, () => Promise<Call>>;
  beforeAll(async () => {
    alice = await newPlayer();
    await grantToProfile(
      ctx.database.db,
      alice.id,
      { xp: 30_000, platinum: 1_000 },
      ctx.clock.now(),
    );
    const a = () => alice;
    effective = new Map<string, () => Promise<Call>>([
      [
        'POST /abwab/register',
        async () => {
          const { account: _account, ...reg } = await signedRegistration(ctx);
          return { method: 'POST', url: '/abwab/register', body: reg };
        },
      ],
      [
        'POST /abwab/login',
        async () => ({
          method: 'POST',
          url: '/abwab/login',
          body: { username: a().login, password: a().password },
        }),
      ],
      ['POST /abwab/refresh', async () => ({ method: 'POST', url: '/abwab/refresh' })],
      ['POST /abwab/logout', async () => ({ method: 'POST', url: '/abwab/logout' })],
      [
        'POST /athar/quests/dismiss',
        async () => ({ method: 'POST', url: '/athar/quests/dismiss' }),
      ],
      [
        'POST /misaar/mission/check',
        async () => mission('check', 'DAILYREWARD', a().land, a().hero),
      ],
      [
        'POST /misaar/mission/start',
        async () => mission('start', 'DAILYREWARD', a().land, a().hero),
      ],
      [
        'POST /tartib/workflow/start',
        async () => ({
          method: 'POST',
          url: '/tartib/workflow/start',
          body: { wftype: 'PROFILELEVELUP' },
        }),
      ],
      [
        'POST /hatif/messages/:id/markread',
        async () => ({ method: 'POST', url: `/hatif/messages/${a().message}/markread` }),
      ],
      [
        'POST /hatif/messages/:id/markdelete',
        async () => ({ method: 'POST', url: `/hatif/messages/${a().message}/markdelete` }),
      ],
      ['POST /hatif/messages/markdelete', async () => bulkDelete({ ids: [a().message] })],
      [
        'POST /market/platinum',
        async () => ({
          method: 'POST',
          url: '/market/platinum',
          body: { packageId: 'platinum-100', idempotencyKey: 'alice-cross-site' },
        }),
      ],
      [
        'POST /market/mint/land',
        async () => ({
          method: 'POST',
          url: '/market/mint/land',
          body: { continent: 0, idempotencyKey: 'alice-land-1' },
        }),
      ],
      [
        'POST /market/mint/hero',
        async () => ({
          method: 'POST',
          url: '/market/mint/hero',
          body: { idempotencyKey: 'alice-hero-1' },
        }),
      ],
    ]);
  });

  const posts = ENDPOINTS.filter((ep) => ep.method === 'POST').map(
    (ep) => `${ep.method} ${ep.path}`,
  );
  const crossSite: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://localhost:8080' },
    { origin: 'http://localhost.evil.example' },
    { origin: 'not a url' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
  ];

  it('has a request that would succeed for every POST endpoint', () => {
    expect([...effective.keys()].sort()).toEqual([...posts].sort());
  });

  it('refuses every POST endpoint with 403 BAD_ORIGIN and changes nothing', async () => {
    await expectNothingChanged([alice], async () => {
      for (const name of posts) {
        for (const headers of crossSite) {
          const request = await effective.get(name)!();
          const res = await call({ ...request, cookie: alice.cookie, headers });
          const what = `${name} ${JSON.stringify(headers)}`;
          expect(res.statusCode, what).toBe(403);
          expectErrorShape(res, what);
          expect(res.json().code, what).toBe('BAD_ORIGIN');
        }
      }
    });
  });

  it('accepts the same requests from the site itself', async () => {
    const sameSite: Record<string, string>[] = [
      { origin: 'http://localhost' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    // Logout and refresh end or rotate the session the other requests use: they go last.
    const order = [...posts].sort(
      (x, y) =>
        Number(x.endsWith('/logout')) - Number(y.endsWith('/logout')) ||
        Number(x.endsWith('/refresh')) - Number(y.endsWith('/refresh')),
    );
    for (const [i, name] of order.entries()) {
      const request = await effective.get(name)!();
      const res = await call({ ...request, cookie: alice.cookie, headers: sameSite[i % 3] });
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
    }
  });
});
