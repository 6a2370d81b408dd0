import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '../src/app.js';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import {
  createTestContext,
  registerPlayer,
  signedInPlayer,
  signedRegistration,
  testConfig,
  type TestContext,
} from './helpers.js';
import { startMailContext, type MailContext } from './mail-context.js';
import type { SmtpTestServer } from './smtp-test-server.js';

/**
 * Password recovery by e-mail, as a player goes through it: the captcha, the request, the mail
 * received by a real SMTP server, the link, the new password, and every old session ended.
 */
let ctx: TestContext;
let mail: MailContext;
let smtp: SmtpTestServer;

beforeAll(async () => {
  mail = await startMailContext();
  ({ ctx, smtp } = mail);
});
afterAll(() => mail?.close());

/** A solved captcha, as the browser's widget would send it. */
async function solvedCaptcha(app: FastifyInstance = ctx.app): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/abwab/captcha' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const restore = (payload: object, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'POST', url: '/abwab/restore', payload });
const confirm = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/abwab/restore/confirm', payload });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/abwab/login', payload: { username, password } });
const signedIn = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/athar/profile', headers: { cookie } })).statusCode;

/** Reset mails queued for `to` (a registration also queues a verification mail). */
async function queued(to: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from mail_outbox
      where lower(to_address) = ${to.toLowerCase()} and kind = 'password_reset'`,
  );
  return row!.n;
}

/** Sends what is queued and waits for the mail to `to` whose subject matches. */
const receive = async (to: string, subject: RegExp) => (await mail.mailsTo(to, subject))[0]!;

const linkIn = (text: string) => {
  const match = /https:\/\/game\.test\/restore-password\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match, 'the mail holds a reset link').not.toBeNull();
  return match![1]!;
};

describe('password recovery by e-mail', () => {
  it('says mail is on, and hands out a signed challenge', async () => {
    const status = await ctx.app.inject({ method: 'GET', url: '/abwab/mail' });
    expect(status.json()).toEqual({ enabled: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/abwab/captcha' });
    const challenge = res.json() as Challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
  });

  it('refuses a request without a solved challenge, and queues nothing', async () => {
    const player = await registerPlayer(ctx);
    for (const captcha of [
      '',
      'not base64 json',
      Buffer.from('{"challenge":{}}').toString('base64'),
    ]) {
      const res = await restore({ email: player.email, captcha });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CAPTCHA_INVALID', field: 'captcha' });
    }
    // A solution to a challenge this server did not sign.
    const forged = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString()) as {
      challenge: Challenge;
    };
    forged.challenge.parameters.cost = 1;
    const res = await restore({
      email: player.email,
      captcha: Buffer.from(JSON.stringify(forged)).toString('base64'),
    });
    expect(res.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    expect(await queued(player.email)).toBe(0);
  });

  it('accepts a solved challenge once', async () => {
    const captcha = await solvedCaptcha();
    expect((await restore({ email: 'nobody-1@example.com', captcha })).statusCode).toBe(202);
    const again = await restore({ email: 'nobody-2@example.com', captcha });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
  });

  it('answers a known and an unknown address alike: the same status and body', async () => {
    const player = await registerPlayer(ctx);
    const known = await restore({ email: player.email, captcha: await solvedCaptcha() });
    const unknown = await restore({
      email: `no-one-${player.login}@example.com`,
      captcha: await solvedCaptcha(),
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ accepted: true });
    expect(await queued(player.email)).toBe(1);
    expect(await queued(`no-one-${player.login}@example.com`)).toBe(0);
  });

  it('mails a link that sets a new password once, and signs out every session', async () => {
    const player = await signedInPlayer(ctx);
    const otherDevice = (await login(player.login, player.password)).headers['set-cookie'];
    expect(otherDevice).toBeDefined();
    expect(await signedIn(player.cookie)).toBe(200);
    const res = await restore({
      email: player.email.toUpperCase(),
      captcha: await solvedCaptcha(),
    });
    expect(res.statusCode).toBe(202);

    const mail = await receive(player.email, /Reset your Aleph password/);
    expect(mail.from).toMatch(/no-reply/);
    expect(mail.text).toContain(player.login);
    expect(mail.html).toContain('Set a new password');
    const token = linkIn(mail.text);
    expect(mail.html).toContain(`https://game.test/restore-password/${token}`);

    expect((await confirm({ token, password: 'short' })).json()).toMatchObject({
      code: 'PASSWORD_INVALID',
      field: 'password',
    });
    const done = await confirm({ token, password: 'a brand new password' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    // The old password no longer works, the new one does, the old session is over.
    expect((await login(player.login, player.password)).statusCode).toBe(401);
    expect((await login(player.login, 'a brand new password')).statusCode).toBe(200);
    expect(await signedIn(player.cookie)).toBe(401);
    // The link works once.
    const twice = await confirm({ token, password: 'yet another password' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', field: 'token' });

    const notice = await receive(player.email, /password was changed/);
    expect(notice.text).toContain('signed out');
  });

  it('refuses an expired link, and a link an newer one replaced', async () => {
    const player = await registerPlayer(ctx);
    await restore({ email: player.email, captcha: await solvedCaptcha() });
    const first = linkIn((await receive(player.email, /Reset/)).text);
    await restore({ email: player.email, captcha: await solvedCaptcha() });
    const mails = await mail.mailsTo(player.email, /Reset/, 2);
    const second = linkIn(mails[1]!.text);
    expect(second).not.toBe(first);
    expect((await confirm({ token: first, password: 'new password one' })).json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
    ctx.clock.advance(31 * 60_000);
    expect((await confirm({ token: second, password: 'new password two' })).json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
    expect((await login(player.login, player.password)).statusCode).toBe(200);
  });

  it('limits requests per e-mail address, saying when to try again', async () => {
    const email = 'limited@example.com';
    for (let i = 0; i < 3; i++)
      expect((await restore({ email, captcha: await solvedCaptcha() })).statusCode).toBe(202);
    const refused = await restore({ email, captcha: await solvedCaptcha() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const noEmail = await restore({ captcha: 'x' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().field).toBe('email');
    const badEmail = await restore({ email: 'not an address', captcha: await solvedCaptcha() });
    expect(badEmail.json()).toMatchObject({ code: 'EMAIL_INVALID', field: 'email' });
    const noToken = await confirm({ password: 'long enough password' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().field).toBe('token');
    expect(
      (await confirm({ token: 'unknown', password: 'long enough password' })).json(),
    ).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
  });
});

describe('from one client address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    const base = testConfig();
    limited = await createTestContext({
      mail: { ...base.mail, enabled: true, smtpUrl: smtp.url },
      rateLimits: { ...base.rateLimits, restorePerClient: { max: 2, windowSeconds: 3600 } },
    });
  });
  afterAll(() => limited?.close());

  it('limits requests per client address, whatever the e-mail', async () => {
    const ask = async (email: string) =>
      restore({ email, captcha: await solvedCaptcha(limited.app) }, limited.app);
    expect((await ask('one@example.com')).statusCode).toBe(202);
    expect((await ask('two@example.com')).statusCode).toBe(202);
    const refused = await ask('three@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('with MAIL=off', () => {
  let off: TestContext;
  beforeAll(async () => {
    const base = testConfig();
    off = await createTestContext({ mail: { ...base.mail, enabled: false } });
  });
  afterAll(() => off?.close());

  it('says so, and refuses recovery with 503 MAIL_OFF', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/abwab/mail' })).json()).toEqual({
      enabled: false,
    });
    const res = await off.app.inject({
      method: 'POST',
      url: '/abwab/restore',
      payload: { email: 'someone@example.com', captcha: 'x' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'MAIL_OFF' });
  });
});

// A second server process on the same PostgreSQL: the reset ends the sessions it serves too.
describe.skipIf(!process.env.TEST_DATABASE_URL)('with two server processes', () => {
  it('signs the account out on the other process as well', async () => {
    const second: Database = await openDatabase({ databaseUrl: ctx.databaseUrl!, poolSize: 5 });
    const other = await buildApp({
      config: ctx.config,
      database: second,
      clock: ctx.clock,
      accountHooks: [grantStarter],
    });
    await other.ready();
    try {
      const player = await signedInPlayer(ctx);
      const there = (cookie: string) =>
        other.inject({ method: 'GET', url: '/athar/profile', headers: { cookie } });
      expect((await there(player.cookie)).statusCode).toBe(200);
      const asked = await restore(
        { email: player.email, captcha: await solvedCaptcha(other) },
        other,
      );
      expect(asked.statusCode).toBe(202);
      const token = linkIn((await receive(player.email, /Reset/)).text);
      expect((await confirm({ token, password: 'password from a mail' })).statusCode).toBe(200);
      expect((await there(player.cookie)).statusCode).toBe(401);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe('restoring access with the registered wallet', () => {
  const restoreWallet = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/abwab/restore/wallet', payload });
  const restoreMessage = (account: PrivateKeyAccount) =>
    signedRegistration(ctx, { account, statement: 'Sign to restore access' });

  it('sets a new password for the wallet that signs, once per signed message', async () => {
    const player = await signedInPlayer(ctx);
    const signed = await restoreMessage(player.account);
    const body = {
      message: signed.message,
      signature: signed.signature,
      password: 'restored by wallet',
    };
    const res = await restoreWallet(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await login(player.login, 'restored by wallet')).statusCode).toBe(200);
    expect((await login(player.login, player.password)).statusCode).toBe(401);
    expect(await signedIn(player.cookie)).toBe(401);
    // The same signed message again: its nonce was used.
    expect((await restoreWallet({ ...body, password: 'another one again' })).json()).toMatchObject({
      code: 'NONCE_INVALID',
    });
    const notice = await receive(player.email, /password was changed/);
    expect(notice.text).toContain('your wallet');
  });

  it('refuses another wallet, another signer, a registration message, a stale message', async () => {
    const player = await registerPlayer(ctx);
    const stranger = privateKeyToAccount(generatePrivateKey());
    const password = 'not going to happen';

    const unknown = await restoreMessage(stranger);
    expect(
      (
        await restoreWallet({ message: unknown.message, signature: unknown.signature, password })
      ).json(),
    ).toMatchObject({ code: 'WALLET_NOT_REGISTERED', field: 'message' });

    // The message names the player's address, but the stranger signed it.
    const named = await restoreMessage(player.account);
    const forged = await stranger.signMessage({ message: named.message });
    expect(
      (await restoreWallet({ message: named.message, signature: forged, password })).json(),
    ).toMatchObject({ code: 'SIGNATURE_INVALID', field: 'signature' });

    const registration = await signedRegistration(ctx, { account: player.account });
    expect(
      (
        await restoreWallet({
          message: registration.message,
          signature: registration.signature,
          password,
        })
      ).json(),
    ).toMatchObject({ code: 'MESSAGE_INVALID', field: 'message' });

    const stale = await restoreMessage(player.account);
    ctx.clock.advance(60 * 60_000);
    expect(
      (
        await restoreWallet({ message: stale.message, signature: stale.signature, password })
      ).json(),
    ).toMatchObject({ code: 'MESSAGE_INVALID' });

    expect(
      (await restoreWallet({ message: 'x', signature: '0x00', password: 'short' })).json(),
    ).toMatchObject({ code: 'PASSWORD_INVALID', field: 'password' });
    expect((await restoreWallet({ signature: '0x00', password })).json().field).toBe('message');
    expect((await login(player.login, player.password)).statusCode).toBe(200);
  });
});
