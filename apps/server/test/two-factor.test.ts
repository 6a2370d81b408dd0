import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP, URI } from 'otpauth';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { CliError, runCommand } from '../src/cli/command.js';
import { twoFactor } from '../src/cli/commands/two-factor.js';
import { runCli } from '../src/cli/run.js';
import { purgeExpired } from '../src/modules/auth/sessions.js';
import { cookiesFrom, createTestContext, signedInPlayer, type TestContext } from './helpers.js';

/**
 * Two-factor sign-in as a player and an operator meet it (docs/api.md, "Two-factor"): every
 * code here is computed from the secret the server handed out, with the otpauth library as an
 * authenticator app would, at the server's (test) clock. The clock only moves forward, by whole
 * 30-second steps where a test needs a new code.
 */
let ctx: TestContext;
beforeAll(async () => {
  // Sessions outlive the clock's jumps (a rate limit's 15 minutes, a challenge's 5).
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret`, `steps` steps from the server's now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: ctx.clock.now().getTime() + steps * STEP_MS,
  });

/** A code of a step after every code used so far: the clock moves on by one step. */
const nextCode = (secret: string) => {
  ctx.clock.advance(STEP_MS);
  return codeOf(secret);
};

const post = (url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const status = async (cookie: string) => {
  const res = await ctx.app.inject({ url: '/athar/account/2fa', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TwoFactorStatus;
};
const signedIn = async (cookie: string) =>
  (await ctx.app.inject({ url: '/athar/profile', headers: { cookie } })).statusCode === 200;

type Cookie = { name: string; value: string; path?: string; maxAge?: number; httpOnly?: boolean };
const cookieNames = (res: LightMyRequestResponse) =>
  (res.cookies as Cookie[]).filter((c) => c.value !== '').map((c) => c.name);

/** A registered, signed-in player with two-factor on. */
async function playerWithTwoFactor() {
  const player = await signedInPlayer(ctx);
  const setup = await post('/athar/account/2fa/setup', player.cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as TwoFactorSetup;
  const enabled = await post('/athar/account/2fa/enable', player.cookie, { code: codeOf(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { recoveryCodes } = enabled.json() as RecoveryCodes;
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${player.login}`,
  );
  return { ...player, id: row!.id, secret, recoveryCodes };
}
type TwoFactorPlayer = Awaited<ReturnType<typeof playerWithTwoFactor>>;

/** The password step: for an account with two-factor, the challenge's cookie. */
async function passwordStep(player: { login: string; password: string }) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    headers: { 'user-agent': 'TwoFactorTest/1.0' },
    payload: { username: player.login, password: player.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
const challengeOf = async (player: TwoFactorPlayer) => cookiesFrom(await passwordStep(player));
const codeStep = (challenge: string, code: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/abwab/login/2fa',
    headers: { cookie: challenge, 'user-agent': 'TwoFactorTest/1.0' },
    payload: { code },
  });

function expectCodeInvalid(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID', field: 'code' });
}
function expectChallengeInvalid(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
  expect(res.json().message).toMatch(/Please log in again/);
}

/** The account's two-factor rows as stored: what a refused request must leave as it was. */
async function stored(userId: number) {
  const [user] = await queryRows(
    ctx.database.db,
    sql`select totp_secret, totp_pending_secret, totp_enabled_at, totp_last_step
        from users where id = ${userId}`,
  );
  const codes = await queryRows(
    ctx.database.db,
    sql`select code_hash, used_at from recovery_codes where user_id = ${userId} order by code_hash`,
  );
  const challenges = await queryRows(
    ctx.database.db,
    sql`select token_hash, attempts, used_at from login_challenges where user_id = ${userId}
        order by token_hash`,
  );
  const [sessions] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from sessions where user_id = ${userId}`,
  );
  return { user, codes, challenges, sessions: sessions!.n };
}

describe('turning two-factor on', () => {
  it('hands out a secret with its QR code, and turns on only with a code of that secret', async () => {
    const player = await signedInPlayer(ctx);
    expect(await status(player.cookie)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const early = await post('/athar/account/2fa/enable', player.cookie, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TWO_FACTOR_NO_SETUP' });

    const first = await post('/athar/account/2fa/setup', player.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const setup = first.json() as TwoFactorSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    // What an app reads from the QR code: this game, this login, this secret.
    const scanned = URI.parse(setup.otpauthUrl) as TOTP;
    expect(scanned).toBeInstanceOf(TOTP);
    expect(scanned.issuer).toBe('Lands of Aleph');
    expect(scanned.label).toBe(player.login);
    expect(scanned.secret.base32).toBe(setup.secret);
    expect(scanned.digits).toBe(6);
    expect(scanned.period).toBe(30);
    expect(setup.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox=/);
    expect(setup.qrSvg.trim()).toMatch(/<\/svg>$/);

    // Each setup replaces the secret waiting to be confirmed: the first one's codes fail.
    const again = (await post('/athar/account/2fa/setup', player.cookie)).json() as TwoFactorSetup;
    expect(again.secret).not.toBe(setup.secret);
    expectCodeInvalid(
      await post('/athar/account/2fa/enable', player.cookie, { code: codeOf(setup.secret) }),
    );
    expect(await status(player.cookie)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const enabled = await post('/athar/account/2fa/enable', player.cookie, {
      code: codeOf(again.secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json() as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(await status(player.cookie)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // Kept as SHA-256 only: no code is in the database.
    const [user] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where login = ${player.login}`,
    );
    const rows = await stored(user!.id);
    const hashes = recoveryCodes.map((c) =>
      createHash('sha256').update(c.replace('-', '')).digest('hex'),
    );
    expect(rows.codes.map((r) => (r as { code_hash: string }).code_hash).sort()).toEqual(
      hashes.sort(),
    );
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(recoveryCodes.join('|')));
    expect(rows.user).toMatchObject({ totp_secret: again.secret, totp_pending_secret: null });

    for (const url of ['/athar/account/2fa/setup', '/athar/account/2fa/enable']) {
      const res = await post(url, player.cookie, url.endsWith('enable') ? { code: '123456' } : {});
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_ON' });
    }
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const player = await playerWithTwoFactor();
    const fresh = await signedInPlayer(ctx);
    await post('/athar/account/2fa/setup', fresh.cookie);
    const [freshRow] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where login = ${fresh.login}`,
    );
    const before = { on: await stored(player.id), pending: await stored(freshRow!.id) };
    const bodies: [unknown, string, string][] = [
      [{}, 'VALIDATION_ERROR', 'code'],
      [{ code: 123456 }, 'VALIDATION_ERROR', 'code'],
      [{ code: null }, 'VALIDATION_ERROR', 'code'],
      [{ code: '1'.repeat(65) }, 'VALIDATION_ERROR', 'code'],
      [{ code: codeOf(player.secret, 1), extra: 1 }, 'VALIDATION_ERROR', 'extra'],
      [{ code: '12345' }, 'TWO_FACTOR_CODE_INVALID', 'code'],
      [{ code: '1234567' }, 'TWO_FACTOR_CODE_INVALID', 'code'],
      [{ code: 'abcd-efg1' }, 'TWO_FACTOR_CODE_INVALID', 'code'],
      [{ code: '' }, 'TWO_FACTOR_CODE_INVALID', 'code'],
    ];
    const routes: [string, string][] = [
      ['/athar/account/2fa/disable', player.cookie],
      ['/athar/account/2fa/recovery-codes', player.cookie],
      ['/athar/account/2fa/enable', fresh.cookie],
    ];
    for (const [url, cookie] of routes) {
      for (const [body, code, field] of bodies) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const what = `${url} ${JSON.stringify(body)}`;
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toMatchObject({ code, field });
      }
    }
    const challenge = await challengeOf(player);
    for (const [body, code, field] of bodies) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/abwab/login/2fa',
        headers: { cookie: challenge, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code, field });
    }
    // The challenge opened above is the one change: nothing else of either account moved,
    // and malformed codes spent none of its attempts.
    const after = await stored(player.id);
    expect(after.challenges).toHaveLength(before.on.challenges.length + 1);
    expect(after.challenges.every((c) => (c as { attempts: number }).attempts === 0)).toBe(true);
    expect({ ...after, challenges: before.on.challenges }).toEqual(before.on);
    expect(await stored(freshRow!.id)).toEqual(before.pending);
  });

  it('needs a session for every settings route', async () => {
    for (const url of [
      '/athar/account/2fa/setup',
      '/athar/account/2fa/enable',
      '/athar/account/2fa/disable',
      '/athar/account/2fa/recovery-codes',
    ]) {
      const res = await post(url, '', { code: '123456' });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await ctx.app.inject({ url: '/athar/account/2fa' })).statusCode).toBe(401);
  });
});

describe('logging in with two-factor', () => {
  // A player of its own for each test: wrong codes of one do not count against the next.
  let player: TwoFactorPlayer;
  beforeEach(async () => {
    player = await playerWithTwoFactor();
  });

  it('answers the password with a challenge and no session, and the code opens the session', async () => {
    const res = await passwordStep(player);
    expect(res.json()).toEqual({ twoFactor: true });
    expect(cookieNames(res)).toEqual(['aleph_2fa']);
    const cookie = (res.cookies as Cookie[])[0]!;
    expect(cookie).toMatchObject({ path: '/abwab', maxAge: 300, httpOnly: true, sameSite: 'Lax' });
    const challenge = cookiesFrom(res);
    // The challenge is no session.
    expect(await signedIn(challenge)).toBe(false);

    // The code that turned two-factor on was spent then.
    expectCodeInvalid(await codeStep(challenge, codeOf(player.secret)));
    const wrong = await codeStep(challenge, codeOf(player.secret, 5));
    expectCodeInvalid(wrong);
    expect(wrong.json().message).toMatch(/not right/);

    const opened = await codeStep(challenge, nextCode(player.secret));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ ok: true });
    expect(cookieNames(opened).sort()).toEqual(['aleph_at', 'aleph_device', 'aleph_rt']);
    const cleared = (opened.cookies as Cookie[]).find((c) => c.name === 'aleph_2fa');
    expect(cleared).toMatchObject({ value: '', path: '/abwab' });
    const session = cookiesFrom(opened);
    expect(await signedIn(session)).toBe(true);
    const [row] = await queryRows<{ user_agent: string; client_address: string }>(
      ctx.database.db,
      sql`select user_agent, client_address from sessions where user_id = ${player.id}
          order by created_at desc, id limit 1`,
    );
    expect(row).toEqual({ user_agent: 'TwoFactorTest/1.0', client_address: '127.0.0.1' });

    // The challenge worked once.
    expectChallengeInvalid(await codeStep(challenge, nextCode(player.secret)));
  });

  it('accepts a code of the step before or after, and each step once', async () => {
    ctx.clock.advance(STEP_MS * 3);
    const behind = await codeStep(await challengeOf(player), codeOf(player.secret, -1));
    expect(behind.statusCode, behind.body).toBe(200);
    // Two steps behind: too old.
    expectCodeInvalid(await codeStep(await challengeOf(player), codeOf(player.secret, -2)));
    const ahead = await codeStep(await challengeOf(player), codeOf(player.secret, 1));
    expect(ahead.statusCode, ahead.body).toBe(200);
    // The step of now is before the one just accepted: refused, like a code used twice.
    expectCodeInvalid(await codeStep(await challengeOf(player), codeOf(player.secret)));
    expectCodeInvalid(await codeStep(await challengeOf(player), codeOf(player.secret, 1)));
    ctx.clock.advance(STEP_MS * 2);
    const later = await codeStep(await challengeOf(player), codeOf(player.secret));
    expect(later.statusCode, later.body).toBe(200);
  });

  it('opens one session for one code however many requests bring it at once', async () => {
    const code = nextCode(player.secret);
    const challenges = await Promise.all([1, 2, 3].map(() => challengeOf(player)));
    const results = await Promise.all(challenges.map((c) => codeStep(c, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    // One challenge brought twice at once, with two good codes: one session.
    const one = await challengeOf(player);
    const pair = await Promise.all([
      codeStep(one, player.recoveryCodes[8]!),
      codeStep(one, player.recoveryCodes[9]!),
    ]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // The losing request's recovery code was not spent.
    const leftover = pair.find((r) => r.statusCode === 401) === pair[0] ? 8 : 9;
    const res = await codeStep(await challengeOf(player), player.recoveryCodes[leftover]!);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const before = (await status(player.cookie)).recoveryCodesLeft;
    const [a, b] = player.recoveryCodes as [string, string];
    const first = await codeStep(await challengeOf(player), ` ${a.toUpperCase()} `);
    expect(first.statusCode, first.body).toBe(200);
    expect(await signedIn(cookiesFrom(first))).toBe(true);
    expectCodeInvalid(await codeStep(await challengeOf(player), a));
    const second = await codeStep(await challengeOf(player), b.replace('-', ''));
    expect(second.statusCode, second.body).toBe(200);
    expect(await status(player.cookie)).toEqual({
      enabled: true,
      recoveryCodesLeft: before - 2,
    });
  });

  it('ends a challenge after five wrong codes, after five minutes, and refuses a forged one', async () => {
    const challenge = await challengeOf(player);
    for (let i = 1; i <= 5; i += 1) expectCodeInvalid(await codeStep(challenge, `00000${i}`));
    expectChallengeInvalid(await codeStep(challenge, nextCode(player.secret)));

    const slow = await challengeOf(player);
    ctx.clock.advance(5 * 60_000 + 1000);
    expectChallengeInvalid(await codeStep(slow, codeOf(player.secret)));
    // Housekeeping deletes challenges that are over; none is left for the account.
    await purgeExpired(ctx.database.db, ctx.clock.now());
    expect((await stored(player.id)).challenges).toEqual([]);

    expectChallengeInvalid(await codeStep('', codeOf(player.secret, 1)));
    const [name, value] = (await challengeOf(player)).split('=') as [string, string];
    expectChallengeInvalid(await codeStep(`${name}=x${value}`, codeOf(player.secret, 1)));
    // A password step of an account without two-factor opens no challenge: no code is asked.
    const plain = await signedInPlayer(ctx);
    const res = await passwordStep(plain);
    expect(res.json()).toEqual({ ok: true });
    expect(cookieNames(res).sort()).toEqual(['aleph_at', 'aleph_device', 'aleph_rt']);
    // ...and a challenge cookie of another account opens nothing for it either.
    expectChallengeInvalid(await codeStep(cookiesFrom(res), codeOf(player.secret, 1)));
  });

  it('counts wrong codes per account, so fresh challenges give no more guesses', async () => {
    const target = await playerWithTwoFactor();
    ctx.clock.advance(STEP_MS);
    // Ten wrong codes over five challenges (two each), then the limit holds even a right code.
    for (let i = 0; i < 5; i += 1) {
      const challenge = await challengeOf(target);
      expectCodeInvalid(await codeStep(challenge, '000000'));
      expectCodeInvalid(await codeStep(challenge, '999999'));
    }
    const blocked = await codeStep(await challengeOf(target), codeOf(target.secret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The settings count against the same limit: a stolen session cannot guess there instead.
    const settings = await post('/athar/account/2fa/disable', target.cookie, {
      code: codeOf(target.secret),
    });
    expect(settings.statusCode).toBe(429);
    expect((await status(target.cookie)).enabled).toBe(true);
    // Another account is not held up.
    const other = await codeStep(await challengeOf(player), nextCode(player.secret));
    expect(other.statusCode, other.body).toBe(200);

    ctx.clock.advance(15 * 60_000);
    const after = await codeStep(await challengeOf(target), codeOf(target.secret));
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('gives ten new recovery codes for a code, and the old ones stop working', async () => {
    const player = await playerWithTwoFactor();
    const wrong = await post('/athar/account/2fa/recovery-codes', player.cookie, {
      code: '000000',
    });
    expectCodeInvalid(wrong);
    const renewed = await post('/athar/account/2fa/recovery-codes', player.cookie, {
      code: player.recoveryCodes[0],
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { recoveryCodes } = renewed.json() as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.filter((c) => player.recoveryCodes.includes(c))).toEqual([]);
    expect(await status(player.cookie)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expectCodeInvalid(await codeStep(await challengeOf(player), player.recoveryCodes[1]));
    const res = await codeStep(await challengeOf(player), recoveryCodes[0]);
    expect(res.statusCode, res.body).toBe(200);
    // With an authenticator code too.
    const again = await post('/athar/account/2fa/recovery-codes', player.cookie, {
      code: nextCode(player.secret),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await status(player.cookie)).recoveryCodesLeft).toBe(10);
  });

  it('turns off with a code: the password alone logs in again', async () => {
    const player = await playerWithTwoFactor();
    const open = await challengeOf(player);
    const before = await stored(player.id);
    expectCodeInvalid(await post('/athar/account/2fa/disable', player.cookie, { code: '000000' }));
    // The code that turned it on was spent then.
    expectCodeInvalid(
      await post('/athar/account/2fa/disable', player.cookie, { code: codeOf(player.secret) }),
    );
    expect(await stored(player.id)).toEqual(before);

    const off = await post('/athar/account/2fa/disable', player.cookie, {
      code: nextCode(player.secret),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ok: true });
    expect(await status(player.cookie)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const rows = await stored(player.id);
    expect(rows.user).toEqual({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    });
    expect(rows.codes).toEqual([]);
    expect(rows.challenges).toEqual([]);
    // A challenge opened before is void.
    expectChallengeInvalid(await codeStep(open, codeOf(player.secret, 1)));
    const login = await passwordStep(player);
    expect(login.json()).toEqual({ ok: true });
    expect(await signedIn(cookiesFrom(login))).toBe(true);

    for (const url of ['/athar/account/2fa/disable', '/athar/account/2fa/recovery-codes']) {
      const res = await post(url, player.cookie, { code: player.recoveryCodes[0] });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_OFF' });
    }
    // And on again, with a new secret.
    const setup = (await post('/athar/account/2fa/setup', player.cookie)).json() as TwoFactorSetup;
    expect(setup.secret).not.toBe(player.secret);
    const on = await post('/athar/account/2fa/enable', player.cookie, {
      code: codeOf(setup.secret),
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('turns off with a recovery code', async () => {
    const player = await playerWithTwoFactor();
    const off = await post('/athar/account/2fa/disable', player.cookie, {
      code: player.recoveryCodes[3],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await status(player.cookie)).enabled).toBe(false);
  });
});

describe('admin 2fa reset', () => {
  async function reset(...argv: string[]) {
    const chunks: string[] = [];
    const code = await runCommand(
      twoFactor,
      { db: ctx.database.db, now: ctx.clock.now(), out: { write: (t) => chunks.push(t) } },
      argv,
    );
    return { code, text: chunks.join('') };
  }

  it("turns a player's two-factor off, says what it removed, and tells the player", async () => {
    const player = await playerWithTwoFactor();
    const open = await challengeOf(player);
    await codeStep(await challengeOf(player), player.recoveryCodes[0]);

    const done = await reset('reset', player.login.toUpperCase());
    expect(done.code).toBe(0);
    expect(done.text).toBe(
      `Two-factor sign-in is off for ${player.login}: secret removed, 9 unused recovery codes ` +
        "and 1 open login challenge voided; a note was left in the player's inbox.\n",
    );
    expect(await status(player.cookie)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const rows = await stored(player.id);
    expect(rows.user).toMatchObject({ totp_secret: null, totp_last_step: null });
    expect(rows.codes).toEqual([]);
    expectChallengeInvalid(await codeStep(open, codeOf(player.secret, 1)));
    expect((await passwordStep(player)).json()).toEqual({ ok: true });

    const inbox = await ctx.app.inject({
      url: '/hatif/messages',
      headers: { cookie: player.cookie },
    });
    const notes = (inbox.json() as { subject: string }[]).filter(
      (m) => m.subject === 'Two-factor sign-in was turned off',
    );
    expect(notes).toHaveLength(1);
    // The staff log keeps the reset: the CLI as actor, the command line as reason.
    const logged = await queryRows<{ actor_label: string; action: string; reason: string }>(
      ctx.database.db,
      sql`select actor_label, action, reason from staff_log where target_user_id = ${player.id}`,
    );
    expect(logged).toEqual([
      {
        actor_label: 'cli',
        action: 'two_factor_reset',
        reason: `admin 2fa reset ${player.login.toUpperCase()}`,
      },
    ]);

    // A second reset finds nothing to do, changes nothing and logs nothing.
    const again = await reset('reset', player.login);
    expect(again.text).toBe(`${player.login} does not use two-factor sign-in: nothing to reset.\n`);
    const [after] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from staff_log where target_user_id = ${player.id}`,
    );
    expect(after!.n).toBe(1);
  });

  it('refuses an unknown login and bad arguments with a clear error and exit code 1', async () => {
    await expect(reset('reset', 'nobody_by_that_name')).rejects.toThrow(
      new CliError('No player has the login "nobody_by_that_name".'),
    );
    expect(() => twoFactor.prepare(['reset'])).toThrow(CliError);
    expect(() => twoFactor.prepare(['off', 'someone'])).toThrow(/Usage: 2fa reset <login>/);

    // The whole CLI, on a database of its own: the one-line reason and exit code 1.
    const dir = mkdtempSync(path.join(tmpdir(), 'aleph-2fa-cli-'));
    try {
      const env = ctx.databaseUrl ? { DATABASE_URL: ctx.databaseUrl } : { DATA_DIR: dir };
      const err: string[] = [];
      const out: string[] = [];
      const code = await runCli(['2fa', 'reset', 'nobody_by_that_name'], {
        env,
        out: { write: (t) => out.push(t) },
        err: { write: (t) => err.push(t) },
      });
      expect(code).toBe(1);
      expect(err.join('')).toBe('error: No player has the login "nobody_by_that_name".\n');
      expect(out.join('')).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
