import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sign } from '@fastify/cookie';
import { cookiesFrom, createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { ENDPOINTS, urlOf, type Endpoint } from './abuse-endpoints.js';
import { expectErrorShape } from './abuse-helpers.js';
import {
  type Call,
  expectNothingChanged as unchanged,
  newPlayer as playerIn,
  type Player,
  send,
} from './abuse-players.js';

/**
 * No session, forged or misplaced cookies, and a stolen refresh token: every endpoint under the
 * game prefixes answers 401 and nothing changes.
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

describe('without a valid session', () => {
  let player: Player;
  beforeAll(async () => {
    player = await newPlayer();
  });

  const guarded = ENDPOINTS.filter((ep) => ep.session);
  const sampleCall = (ep: Endpoint, cookie?: string): Call => {
    const s = ep.sample({ profileId: player.id, landId: player.land, heroId: player.hero });
    return { method: ep.method, url: urlOf(ep, s.params, s.query), body: s.body, cookie };
  };

  it('answers 401 on every endpoint under the game prefixes without cookies', async () => {
    expect(guarded.length).toBeGreaterThan(20);
    await expectNothingChanged([player], async () => {
      for (const ep of guarded) {
        const res = await call(sampleCall(ep));
        expect(res.statusCode, `${ep.method} ${ep.path}`).toBe(401);
        expectErrorShape(res, `${ep.method} ${ep.path}`);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    });
  });

  it('answers 401 to forged, tampered and misplaced cookies', async () => {
    const secret = ctx.config.cookieSecret;
    const token = randomBytes(32).toString('base64url');
    const [, accessValue] = /aleph_at=([^;]+)/.exec(player.cookie)!;
    const [, refreshValue] = /aleph_rt=([^;]+)/.exec(player.cookie)!;
    const forged = [
      'aleph_at=garbage',
      `aleph_at=${token}`,
      `aleph_at=${token}.${'A'.repeat(43)}`,
      `aleph_at=${sign(token, 'not-the-secret-not-the-secret-0123456789')}`,
      // Signed with the server's own secret, but no such token was ever issued.
      `aleph_at=${sign(token, secret)}`,
      // The refresh token is not an access token.
      `aleph_at=${refreshValue}`,
      // A tampered signature.
      `aleph_at=${accessValue!.slice(0, -2)}xx`,
      `aleph_at=${accessValue!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `aleph_at=${'x'.repeat(4000)}`,
      'aleph_at=%',
      'aleph_at=',
      `__Host-aleph_at=${accessValue}`,
      `aleph_rt=${refreshValue}`,
    ];
    await expectNothingChanged([player], async () => {
      for (const cookie of forged) {
        for (const ep of guarded) {
          const res = await call(sampleCall(ep, cookie));
          expect(res.statusCode, `${ep.method} ${ep.path} with ${cookie.slice(0, 80)}`).toBe(401);
        }
      }
    });
  });

  it('answers 401 to random Cookie headers', async () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode),
    });
    const cookieHeader = fc.oneof(
      printable,
      fc
        .tuple(fc.constantFrom('aleph_at', 'aleph_rt', 'aleph_at ', ' aleph_at'), printable)
        .map(([k, v]) => `${k}=${v}`),
    );
    await expectNothingChanged([player], async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...guarded), cookieHeader, async (ep, cookie) => {
          const res = await call({ ...sampleCall(ep), headers: { cookie } });
          expect(res.statusCode).toBe(401);
          expectErrorShape(res, `${ep.method} ${ep.path}`);
        }),
        { numRuns: 150, seed: 0x5e551 },
      );
    });
  });
});

describe('a stolen refresh token', () => {
  const refresh = (cookie: string) => call({ method: 'POST', url: '/abwab/refresh', cookie });
  const refreshOnly = (cookie: string) => /aleph_rt=[^;]+/.exec(cookie)![0];
  const profile = async (cookie: string) =>
    (await call({ method: 'GET', url: '/athar/profile', cookie })).statusCode;
  const hasSession = async (cookie: string) =>
    (await call({ method: 'GET', url: '/abwab/checksession', cookie })).json().session as boolean;

  it('used after the owner rotated it ends the session for both holders', async () => {
    const owner = await signedInPlayer(ctx);
    const stolen = refreshOnly(owner.cookie);
    const rotated = await refresh(owner.cookie);
    expect(rotated.statusCode).toBe(200);
    const ownerNow = cookiesFrom(rotated, owner.cookie);
    expect(await profile(ownerNow)).toBe(200);

    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_REUSED');

    expect(await profile(ownerNow)).toBe(401);
    expect(await profile(owner.cookie)).toBe(401);
    expect((await refresh(ownerNow)).statusCode).toBe(401);
    expect((await refresh(stolen)).statusCode).toBe(401);
    expect(await hasSession(ownerNow)).toBe(false);
  });

  it('rotated by the thief first ends the session when the owner refreshes', async () => {
    const owner = await signedInPlayer(ctx);
    const thief = await refresh(refreshOnly(owner.cookie));
    expect(thief.statusCode).toBe(200);
    const thiefNow = cookiesFrom(thief);
    expect(await profile(thiefNow)).toBe(200);

    const ownerRefresh = await refresh(owner.cookie);
    expect(ownerRefresh.statusCode).toBe(401);
    expect(ownerRefresh.json().code).toBe('REFRESH_REUSED');

    expect(await profile(thiefNow)).toBe(401);
    expect((await refresh(thiefNow)).statusCode).toBe(401);
    expect(await profile(owner.cookie)).toBe(401);
    expect(await hasSession(thiefNow)).toBe(false);
  });
});
