import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SecretMarket, TraderQuotes } from '@aleph/contracts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Secret, TOTP } from 'otpauth';
import { hashToken, randomToken } from '../src/lib/tokens.js';
import { queryRows } from '../src/db/client.js';
import { openLuckyEvent } from '../src/modules/economy/lucky.js';
import { grantToLand, grantToProfile } from '../src/modules/world/grants.js';
import { cookiesFrom, createTestContext, signedRegistration, type TestContext } from './helpers.js';
import { ENDPOINTS } from './abuse-endpoints.js';
import { allianceChatOriginCases } from './abuse-origin-alliance-chat.js';
import { allianceOriginCases } from './abuse-origin-alliances.js';
import { bazaarOriginCases } from './abuse-origin-bazaar.js';
import { pushOriginCases } from './abuse-origin-push.js';
import { socialOriginCases } from './abuse-origin-social.js';
import { staffSocialOriginCases } from './abuse-origin-staff-social.js';
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
 * Sec-Fetch-Site: cross-site) are refused with 403 BAD_ORIGIN on every POST and PUT endpoint,
 * even with the player's cookies and a request that would succeed from the site itself.
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
  /** A level-ten player with a defence team, for alice to attack in the arena. */
  let bob: Player;
  /**
   * A level-one player with XP: alice is at the top level (every feature of the level table
   * is open to her), so her profile cannot level up any more; carol's can.
   */
  let carol: Player;
  /** Recovers her account (by e-mail link and by wallet); the others keep their sessions. */
  let dana: Player;
  /** Uses the account settings, with a second session that she signs out. */
  let erin: Player;
  let erinElsewhere: string;
  /** Turns two-factor on and off, and logs in with it. */
  let tess: Player;
  /** An admin of the console, and the player its actions are about. */
  let eve: Player;
  let frank: Player;
  /** For every POST and PUT endpoint, a request that succeeds when it comes from the site. */
  let effective: Map<string, () => Promise<Call>>;
  let keys = 0;
  /** Economy writes need a fresh Idempotency-Key header. */
  const idempotent = (call: Call): Call => ({
    ...call,
    headers: { 'idempotency-key': `origin-key-${++keys}` },
  });
  /**
   * Puts tess's two-factor in the state a request needs (`pending`: set up, not confirmed) with
   * a known secret and no step used yet; answers the authenticator's code of now.
   */
  const TESS_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const tessTwoFactor = async (state: 'on' | 'pending' | 'off') => {
    const on = state === 'on';
    await ctx.database.db.execute(
      sql`update users set totp_secret = ${on ? TESS_SECRET : null},
            totp_pending_secret = ${state === 'pending' ? TESS_SECRET : null},
            totp_enabled_at = ${on ? ctx.clock.now() : null}, totp_last_step = null
          where id = ${tess.id}`,
    );
    const secret = Secret.fromBase32(TESS_SECRET);
    return TOTP.generate({ secret, timestamp: ctx.clock.now().getTime() });
  };
  beforeAll(async () => {
    alice = await newPlayer();
    bob = await newPlayer();
    carol = await newPlayer();
    dana = await newPlayer();
    erin = await newPlayer();
    tess = await newPlayer();
    const elsewhere = await call({
      method: 'POST',
      url: '/abwab/login',
      body: { username: erin.login, password: erin.password },
      cookie: '',
    });
    expect(elsewhere.statusCode).toBe(200);
    const listed = await call({
      method: 'GET',
      url: '/athar/account/sessions',
      cookie: erin.cookie,
    });
    erinElsewhere = (
      listed.json() as { sessions: { id: string; current: boolean }[] }
    ).sessions.find((s) => !s.current)!.id;
    eve = await newPlayer();
    frank = await newPlayer();
    const db = ctx.database.db;
    await db.execute(sql`update users set role = 'admin' where id = ${eve.id}`);
    const now = ctx.clock.now();
    await grantToProfile(db, alice.id, { xp: 30_000, platinum: 100_000, gold: 1_000_000 }, now);
    await grantToProfile(db, carol.id, { xp: 30_000 }, now);
    // Level ten unlocks every feature of the level table; hero level five gives skill points.
    await db.execute(sql`update profiles set level = 10 where id in (${alice.id}, ${bob.id})`);
    await db.execute(sql`update heroes set level = 5 where owner_id = ${alice.id}`);
    await grantToLand(
      db,
      alice.land,
      { items: { SKILL_POT: 5, TOWER_STONE: 5, LUCKY_COIN: 3 } },
      now,
    );
    await openLuckyEvent(db, now, 6, null);
    const defence = await call({
      method: 'PUT',
      url: '/halba/defence',
      cookie: bob.cookie,
      body: { heroes: [bob.hero] },
    });
    expect(defence.statusCode, defence.body).toBe(200);
    const quote = async (code: string) => {
      const res = await call({ method: 'GET', url: '/souq/trader', cookie: alice.cookie });
      return (res.json() as TraderQuotes).quotes.find((q) => q.code === code)!;
    };
    const trade = (side: 'sell' | 'buy', price: number) =>
      idempotent({
        method: 'POST',
        url: `/souq/trader/${side}`,
        body: { landid: alice.land, kind: 'item', code: 'TOWER_STONE', quantity: 1, price },
      });
    const a = () => alice;
    const reason = 'Checked by the support team';
    const later = () => new Date(ctx.clock.now().getTime() + 86_400_000).toISOString();
    /** A console action of eve's about frank. */
    const staff = (path: string, body: object, method: 'POST' | 'PUT' = 'POST'): Call => ({
      method,
      url: `/diwan/players/${frank.id}/${path}`,
      body,
      cookie: eve.cookie,
    });
    /** The open report of `reporter` on frank, made if there is none. */
    const openReport = async (reporter: Player) => {
      await db.execute(sql`insert into reports (reporter_id, target_id, reason, created_at)
        values (${reporter.id}, ${frank.id}, 'spam', ${ctx.clock.now()}) on conflict do nothing`);
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from reports where reporter_id = ${reporter.id} and status = 'open'`,
      );
      return row!.id;
    };
    let names = 0;
    effective = new Map<string, () => Promise<Call>>([
      [
        'POST /athar/reports',
        async () => ({
          method: 'POST',
          url: '/athar/reports',
          body: { profileid: bob.id, reason: 'cheating', text: 'Plays at night only.' },
        }),
      ],
      [
        'POST /diwan/reauth',
        async () => ({
          method: 'POST',
          url: '/diwan/reauth',
          body: { password: eve.password },
          cookie: eve.cookie,
        }),
      ],
      [
        'POST /diwan/players/:id/suspend',
        async () => staff('suspend', { until: later(), reason, notice: 'A day off.' }),
      ],
      [
        'POST /diwan/players/:id/lift',
        async () => {
          await db.execute(
            sql`update users set banned_at = ${ctx.clock.now()} where id = ${frank.id}`,
          );
          return staff('lift', { reason });
        },
      ],
      [
        'POST /diwan/players/:id/mute',
        async () => staff('mute', { until: later(), reason, notice: 'Quiet a day.' }),
      ],
      [
        'POST /diwan/players/:id/unmute',
        async () => {
          await db.execute(sql`update users set muted_until = ${later()} where id = ${frank.id}`);
          return staff('unmute', { reason });
        },
      ],
      [
        'POST /diwan/players/:id/rename',
        async () => staff('rename', { nickname: `frank_${++names}`, reason, notice: 'Renamed.' }),
      ],
      [
        'POST /diwan/players/:id/grant',
        async () => staff('grant', { kind: 'gold', amount: 10, reason, notice: 'A gift.' }),
      ],
      ['POST /diwan/players/:id/end-sessions', async () => staff('end-sessions', { reason })],
      [
        'POST /diwan/players/:id/message',
        async () => staff('message', { subject: 'Hello', body: 'From staff.', reason }),
      ],
      [
        'POST /diwan/players/:id/2fa-reset',
        async () => {
          await db.execute(sql`update users set totp_secret = 'JBSWY3DPEHPK3PXP',
            totp_enabled_at = ${ctx.clock.now()} where id = ${frank.id}`);
          return staff('2fa-reset', { reason });
        },
      ],
      [
        'PUT /diwan/players/:id/role',
        async () => staff('role', { role: 'moderator', reason }, 'PUT'),
      ],
      [
        'POST /diwan/reports/:id/resolve',
        async () => ({
          method: 'POST',
          url: `/diwan/reports/${await openReport(alice)}/resolve`,
          body: { reason },
          cookie: eve.cookie,
        }),
      ],
      [
        'POST /diwan/reports/:id/dismiss',
        async () => ({
          method: 'POST',
          url: `/diwan/reports/${await openReport(carol)}/dismiss`,
          body: { reason },
          cookie: eve.cookie,
        }),
      ],
      ['POST /diwan/players/:id/level', async () => staff('level', { level: 2, reason })],
      [
        'POST /diwan/luckycoin',
        async () => ({
          method: 'POST',
          url: '/diwan/luckycoin',
          body: { hours: 2, reason },
          cookie: eve.cookie,
        }),
      ],
      [
        'POST /diwan/luckycoin/close',
        async () => ({
          method: 'POST',
          url: '/diwan/luckycoin/close',
          body: { reason },
          cookie: eve.cookie,
        }),
      ],
      [
        'POST /diwan/unique',
        async () => ({
          method: 'POST',
          url: '/diwan/unique',
          body: {
            name: 'Origin hunt',
            end: later(),
            places: 3,
            skill: 7,
            min: 20,
            reward: { gold: 100, xp: 10 },
            reason,
          },
          cookie: eve.cookie,
        }),
      ],
      [
        'POST /diwan/unique/:id/close',
        async () => {
          const [event] = await queryRows<{ id: number }>(
            db,
            sql`insert into unique_events (name, description, starts_at, ends_at, places,
                places_left, skill, min_skill, min_rarity, reward, base_minutes, duration_skill)
              values ('To close', '', ${ctx.clock.now()}, ${later()}, 1, 1, 0, 10, null,
                '{"gold":1,"xp":0,"items":{}}'::jsonb, 60, 0)
              returning id`,
          );
          return {
            method: 'POST',
            url: `/diwan/unique/${event!.id}/close`,
            body: { reason },
            cookie: eve.cookie,
          };
        },
      ],
      [
        'POST /diwan/announcements',
        async () => ({
          method: 'POST',
          url: '/diwan/announcements',
          body: { subject: 'Maintenance', body: 'Tonight at ten.', reason },
          cookie: eve.cookie,
        }),
      ],
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
      [
        'POST /abwab/login/2fa',
        async () => {
          const code = await tessTwoFactor('on');
          const challenge = await call({
            method: 'POST',
            url: '/abwab/login',
            body: { username: tess.login, password: tess.password },
            cookie: '',
          });
          expect(challenge.json()).toEqual({ twoFactor: true });
          const cookie = cookiesFrom(challenge);
          return { method: 'POST', url: '/abwab/login/2fa', body: { code }, cookie };
        },
      ],
      [
        'POST /abwab/restore',
        async () => {
          const res = await call({ method: 'GET', url: '/abwab/captcha' });
          const challenge = res.json() as Challenge;
          const solution = await solveChallenge({ challenge, deriveKey });
          const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
          return {
            method: 'POST',
            url: '/abwab/restore',
            body: { email: dana.email, captcha },
            cookie: '',
          };
        },
      ],
      [
        'POST /abwab/restore/confirm',
        async () => {
          // A reset link as a recovery mail would hold one.
          const token = randomToken();
          const at = ctx.clock.now();
          await ctx.database.db.execute(
            sql`insert into password_resets (token_hash, user_id, created_at, expires_at)
                values (${hashToken(token)}, ${dana.id}, ${at}, ${new Date(at.getTime() + 600_000)})`,
          );
          return {
            method: 'POST',
            url: '/abwab/restore/confirm',
            body: { token, password: 'dana from a link' },
            cookie: '',
          };
        },
      ],
      [
        'POST /abwab/restore/wallet',
        async () => {
          const signed = await signedRegistration(ctx, {
            account: dana.account,
            statement: 'Sign to restore access',
          });
          return {
            method: 'POST',
            url: '/abwab/restore/wallet',
            body: {
              message: signed.message,
              signature: signed.signature,
              password: 'dana by wallet',
            },
            cookie: '',
          };
        },
      ],
      [
        'POST /abwab/verify-email',
        async () => {
          // A verification link as the registration's mail would hold one.
          const token = randomToken();
          const at = ctx.clock.now();
          await ctx.database.db.execute(
            sql`insert into email_tokens (token_hash, user_id, purpose, email, created_at, expires_at)
                values (${hashToken(token)}, ${dana.id}, 'verify', ${dana.email}, ${at},
                  ${new Date(at.getTime() + 600_000)})`,
          );
          return { method: 'POST', url: '/abwab/verify-email', body: { token }, cookie: '' };
        },
      ],
      ['POST /abwab/refresh', async () => ({ method: 'POST', url: '/abwab/refresh' })],
      ['POST /abwab/logout', async () => ({ method: 'POST', url: '/abwab/logout' })],
      [
        'POST /athar/quests/dismiss',
        async () => ({ method: 'POST', url: '/athar/quests/dismiss' }),
      ],
      [
        'POST /athar/account/email/verify',
        async () => ({ method: 'POST', url: '/athar/account/email/verify', cookie: erin.cookie }),
      ],
      [
        'POST /athar/account/email',
        async () => ({
          method: 'POST',
          url: '/athar/account/email',
          body: { email: `new-${erin.email}`, password: erin.password },
          cookie: erin.cookie,
        }),
      ],
      [
        // Carol's, not erin's: it signs out the other sessions, erin's second one among them.
        // The same password again, so every request here still knows it.
        'POST /athar/account/password',
        async () => ({
          method: 'POST',
          url: '/athar/account/password',
          body: { currentPassword: carol.password, password: carol.password },
          cookie: carol.cookie,
        }),
      ],
      [
        'DELETE /athar/account/sessions/:id',
        async () => ({
          method: 'DELETE',
          url: `/athar/account/sessions/${erinElsewhere}`,
          cookie: erin.cookie,
        }),
      ],
      [
        'POST /athar/account/sessions/end-others',
        async () => ({
          method: 'POST',
          url: '/athar/account/sessions/end-others',
          cookie: erin.cookie,
        }),
      ],
      [
        'POST /athar/account/2fa/setup',
        async () => {
          await tessTwoFactor('off');
          return { method: 'POST', url: '/athar/account/2fa/setup', cookie: tess.cookie };
        },
      ],
      ...(['enable', 'disable', 'recovery-codes'] as const).map(
        (action): [string, () => Promise<Call>] => [
          `POST /athar/account/2fa/${action}`,
          async () => ({
            method: 'POST',
            url: `/athar/account/2fa/${action}`,
            body: { code: await tessTwoFactor(action === 'enable' ? 'pending' : 'on') },
            cookie: tess.cookie,
          }),
        ],
      ),
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
          cookie: carol.cookie,
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
      [
        'PUT /athar/profile/frame',
        async () => ({ method: 'PUT', url: '/athar/profile/frame', body: { frame: 'silver' } }),
      ],
      [
        'POST /abtal/heroes/:id/upskills',
        async () => ({
          method: 'POST',
          url: `/abtal/heroes/${a().hero}/upskills`,
          body: { skills: [1, 0, 0, 0, 0, 0, 0, 0] },
        }),
      ],
      [
        'POST /abtal/heroes/:id/pot',
        async () => ({
          method: 'POST',
          url: `/abtal/heroes/${a().hero}/pot`,
          body: { landid: a().land, skill: 0 },
        }),
      ],
      ['POST /souq/trader/sell', async () => trade('sell', (await quote('TOWER_STONE')).buyPrice)],
      ['POST /souq/trader/buy', async () => trade('buy', (await quote('TOWER_STONE')).sellPrice)],
      [
        'POST /souq/secret/:offerId/buy',
        async () => {
          const res = await call({ method: 'GET', url: '/souq/secret', cookie: a().cookie });
          const offer = (res.json() as SecretMarket).offers[0]!;
          return idempotent({
            method: 'POST',
            url: `/souq/secret/${offer.id}/buy`,
            body: offer.needsLand ? { landid: a().land } : {},
          });
        },
      ],
      [
        'POST /hadath/luckycoin/toss',
        async () =>
          idempotent({ method: 'POST', url: '/hadath/luckycoin/toss', body: { landid: a().land } }),
      ],
      [
        'PUT /halba/defence',
        async () => ({ method: 'PUT', url: '/halba/defence', body: { heroes: [a().hero] } }),
      ],
      [
        'POST /halba/attack',
        async () => {
          // An attack needs an offer of opponents; bob is the only player with a defence team.
          const offer = await call({
            method: 'GET',
            url: '/halba/opponents',
            cookie: alice.cookie,
          });
          expect(offer.json(), offer.body).toMatchObject([{ profileId: bob.id }]);
          return {
            method: 'POST',
            url: '/halba/attack',
            body: { opponent: bob.id, heroes: [a().homeless] },
          };
        },
      ],
      // Players meet: each file makes the players its requests need.
      ...(await socialOriginCases(ctx)),
      ...(await allianceOriginCases(ctx)),
      ...(await allianceChatOriginCases(ctx)),
      ...(await staffSocialOriginCases(ctx)),
      // The Bazaar: its traders and listings are made before the checks.
      ...(await bazaarOriginCases(ctx)),
      // Web push: its player and devices are made before the checks.
      ...(await pushOriginCases(ctx)),
    ]);
  });

  const posts = ENDPOINTS.filter((ep) => ep.method !== 'GET').map(
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

  it('has a request that would succeed for every POST and PUT endpoint', () => {
    expect([...effective.keys()].sort()).toEqual([...posts].sort());
  });

  it('refuses every POST and PUT endpoint with 403 BAD_ORIGIN and changes nothing', async () => {
    await expectNothingChanged([alice, carol], async () => {
      for (const name of posts) {
        for (const headers of crossSite) {
          const request = await effective.get(name)!();
          const res = await call({
            ...request,
            cookie: request.cookie ?? alice.cookie,
            headers: { ...request.headers, ...headers },
          });
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
      const res = await call({
        ...request,
        cookie: request.cookie ?? alice.cookie,
        headers: { ...request.headers, ...sameSite[i % 3] },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
    }
  });
});
