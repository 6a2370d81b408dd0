import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AccountResponse, AccountSession } from '@aleph/contracts';
import { buildApp } from '../src/app.js';
import { openDatabase, queryRows } from '../src/db/client.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { ensureDemoWorld } from '../src/seed/demo.js';
import {
  cookiesFrom,
  createTestContext,
  registerPlayer,
  signedInPlayer,
  testConfig,
  type TestContext,
} from './helpers.js';
import { startMailContext, type MailContext } from './mail-context.js';
import { openSse } from './sse-client.js';

/**
 * Account settings as a player goes through them (docs/api.md, "Account settings"): the
 * verification mail of a registration received by a real SMTP server and its link, a new
 * address confirmed by a link to it, a new password, and the list of signed-in devices with
 * signing them out.
 */
let ctx: TestContext;
let mail: MailContext;
let base: string;

beforeAll(async () => {
  mail = await startMailContext();
  ctx = mail.ctx;
  // A listening server too, for the push streams a signed-out session must lose.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => mail?.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) => {
  const options: InjectOptions = { method, url, headers: cookie ? { cookie } : {} };
  if (payload !== undefined) options.payload = payload;
  return ctx.app.inject(options);
};
const account = async (cookie: string) => {
  const res = await call('GET', '/athar/account', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountResponse;
};
const sessions = async (cookie: string) => {
  const res = await call('GET', '/athar/account/sessions', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessions: AccountSession[] }).sessions;
};
const follow = (token: string) => call('POST', '/abwab/verify-email', undefined, { token });
const signedIn = async (cookie: string) => (await call('GET', '/athar/profile', cookie)).statusCode;

/** A new session of the player, from a given browser and address. */
async function logIn(
  login: string,
  password: string,
  from: { userAgent?: string; address?: string } = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username: login, password },
    headers: from.userAgent ? { 'user-agent': from.userAgent } : {},
    ...(from.address ? { remoteAddress: from.address } : {}),
  });
  return { status: res.statusCode, cookie: cookiesFrom(res) };
}

const mailsTo = (to: string, subject: RegExp, count = 1) => mail.mailsTo(to, subject, count);

/** The verify-email token of a mail's link. */
const linkIn = (text: string) => {
  const match = /https:\/\/game\.test\/verify-email\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match, 'the mail holds a verify-email link').not.toBeNull();
  return match![1]!;
};

async function queued(kind: string, to?: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from mail_outbox where kind = ${kind}
      and (${to ?? null}::text is null or lower(to_address) = lower(${to ?? ''}))`,
  );
  return row!.n;
}

describe('verifying the e-mail address', () => {
  it('mails a link at registration that verifies the address once', async () => {
    const player = await signedInPlayer(ctx);
    expect(await account(player.cookie)).toEqual({
      login: player.login,
      email: player.email,
      emailVerified: false,
      pendingEmail: null,
      twoFactor: false,
      mailEnabled: true,
    });
    const [mail] = await mailsTo(player.email, /Confirm your Aleph e-mail address/);
    expect(mail!.text).toContain(player.login);
    expect(mail!.text).toContain('7 days');
    const token = linkIn(mail!.text);
    expect(mail!.html).toContain(`https://game.test/verify-email/${token}`);

    const res = await follow(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, purpose: 'verify', email: player.email });
    expect((await account(player.cookie)).emailVerified).toBe(true);

    const again = await follow(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID', field: 'token' });
    // Verified: no new link is sent.
    const resend = await call('POST', '/athar/account/email/verify', player.cookie);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
  });

  it('resends a link that voids the older one, three times an hour', async () => {
    const player = await signedInPlayer(ctx);
    const [first] = await mailsTo(player.email, /Confirm your Aleph e-mail/);
    const resend = await call('POST', '/athar/account/email/verify', player.cookie);
    expect(resend.statusCode, resend.body).toBe(202);
    expect(resend.json()).toEqual({ accepted: true });
    const mails = await mailsTo(player.email, /Confirm your Aleph e-mail/, 2);
    const older = linkIn(first!.text);
    const newer = linkIn(mails[1]!.text);
    expect(newer).not.toBe(older);
    expect((await follow(older)).json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID' });
    expect((await account(player.cookie)).emailVerified).toBe(false);

    for (let i = 0; i < 2; i++) {
      expect((await call('POST', '/athar/account/email/verify', player.cookie)).statusCode).toBe(
        202,
      );
    }
    const refused = await call('POST', '/athar/account/email/verify', player.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await queued('email_verify', player.email)).toBe(4);

    // Of the four links only the latest works (the last two may arrive in either order).
    const all = await mailsTo(player.email, /Confirm your Aleph e-mail/, 4);
    const answers = [];
    for (const mail of all) answers.push((await follow(linkIn(mail.text))).statusCode);
    expect(answers.slice(0, 2)).toEqual([400, 400]);
    expect(answers.slice(2).sort()).toEqual([200, 400]);
    expect((await account(player.cookie)).emailVerified).toBe(true);
  });

  it('spends a link once even when it is followed twice at the same time', async () => {
    const player = await registerPlayer(ctx);
    const token = linkIn((await mailsTo(player.email, /Confirm your Aleph e-mail/))[0]!.text);
    const answers = await Promise.all([follow(token), follow(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID', field: 'token' });
  });

  it('refuses a link after seven days, and an unknown or missing token', async () => {
    const player = await signedInPlayer(ctx);
    const token = linkIn((await mailsTo(player.email, /Confirm your Aleph e-mail/))[0]!.text);
    ctx.clock.advance(7 * 86_400_000 + 60_000);
    expect((await follow(token)).json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID' });
    expect((await follow('no-such-token')).json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID' });
    expect((await follow('')).json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID' });
    const missing = await call('POST', '/abwab/verify-email', undefined, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('token');
    const back = await logIn(player.login, player.password);
    expect((await account(back.cookie)).emailVerified).toBe(false);
  });

  it('needs a session to read the account or ask for a link', async () => {
    expect((await call('GET', '/athar/account')).statusCode).toBe(401);
    expect((await call('POST', '/athar/account/email/verify')).statusCode).toBe(401);
  });

  it('lets an unverified address restore the password by e-mail', async () => {
    const player = await registerPlayer(ctx);
    const challenge = (await call('GET', '/abwab/captcha')).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await call('POST', '/abwab/restore', undefined, { email: player.email, captcha });
    expect(res.statusCode).toBe(202);
    const [mail] = await mailsTo(player.email, /Reset your Aleph password/);
    expect(mail!.text).toMatch(/https:\/\/game\.test\/restore-password\//);
  });
});

describe('changing the e-mail address', () => {
  it('mails a link to the new address and a notice to the old; the link makes the change', async () => {
    const player = await signedInPlayer(ctx);
    const newEmail = `new-${player.login}@example.org`;
    const res = await call('POST', '/athar/account/email', player.cookie, {
      email: newEmail,
      password: player.password,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    // Nothing changes until the link is followed.
    expect(await account(player.cookie)).toMatchObject({
      email: player.email,
      pendingEmail: newEmail,
    });

    const [link] = await mailsTo(newEmail, /Confirm your new Aleph e-mail address/);
    expect(link!.text).toContain('24 hours');
    const [notice] = await mailsTo(player.email, /e-mail address is about to change/);
    expect(notice!.text).toContain('n***@example.org');
    expect(notice!.text).not.toContain(newEmail);
    expect(notice!.text).toContain('change your password');
    expect(notice!.text).not.toMatch(/verify-email/);

    const followed = await follow(linkIn(link!.text));
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ ok: true, purpose: 'change', email: newEmail });
    expect(await account(player.cookie)).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    // The registration's link to the old address proves nothing any more.
    const [verify] = await mailsTo(player.email, /Confirm your Aleph e-mail/);
    expect((await follow(linkIn(verify!.text))).json()).toMatchObject({
      code: 'EMAIL_TOKEN_INVALID',
    });
    expect((await account(player.cookie)).email).toBe(newEmail);
  });

  it('refuses a wrong password or address and changes nothing', async () => {
    const player = await signedInPlayer(ctx);
    const ask = (payload: object) => call('POST', '/athar/account/email', player.cookie, payload);
    const wrong = await ask({ email: `x-${player.email}`, password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PASSWORD_INCORRECT', field: 'password' });
    for (const email of ['not an address', '', player.email.toUpperCase()]) {
      const bad = await ask({ email, password: player.password });
      expect(bad.statusCode, email).toBe(400);
      expect(bad.json(), email).toMatchObject({ code: 'EMAIL_INVALID', field: 'email' });
    }
    for (const payload of [{ password: player.password }, { email: 'a@b.example' }]) {
      const res = await ask(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('password' in payload ? 'email' : 'password');
    }
    expect(await queued('email_change', `x-${player.email}`)).toBe(0);
    expect(await account(player.cookie)).toMatchObject({
      email: player.email,
      pendingEmail: null,
    });
  });

  it('refuses a change link after 24 hours', async () => {
    const player = await signedInPlayer(ctx);
    const newEmail = `late-${player.login}@example.org`;
    const res = await call('POST', '/athar/account/email', player.cookie, {
      email: newEmail,
      password: player.password,
    });
    expect(res.statusCode).toBe(202);
    const token = linkIn((await mailsTo(newEmail, /Confirm your new Aleph/))[0]!.text);
    ctx.clock.advance(24 * 3_600_000 + 60_000);
    expect((await follow(token)).json()).toMatchObject({ code: 'EMAIL_TOKEN_INVALID' });
    const back = await logIn(player.login, player.password);
    expect(await account(back.cookie)).toMatchObject({ email: player.email, pendingEmail: null });
  });
});

describe('changing the password', () => {
  it('needs the current password, keeps this device signed in and signs out the others', async () => {
    const player = await signedInPlayer(ctx);
    const other = await logIn(player.login, player.password);
    expect(await signedIn(other.cookie)).toBe(200);
    const change = (payload: object) =>
      call('POST', '/athar/account/password', player.cookie, payload);

    const wrong = await change({ currentPassword: 'not my password', password: 'a new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PASSWORD_INCORRECT', field: 'currentPassword' });
    const short = await change({ currentPassword: player.password, password: 'short' });
    expect(short.json()).toMatchObject({ code: 'PASSWORD_INVALID', field: 'password' });
    expect((await change({ password: 'a new password' })).json().field).toBe('currentPassword');
    expect(await signedIn(other.cookie)).toBe(200);
    expect((await logIn(player.login, player.password)).status).toBe(200);

    const done = await change({ currentPassword: player.password, password: 'a new password' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    expect(await signedIn(player.cookie)).toBe(200);
    expect(await signedIn(other.cookie)).toBe(401);
    expect((await logIn(player.login, player.password)).status).toBe(401);
    expect((await logIn(player.login, 'a new password')).status).toBe(200);

    const [notice] = await mailsTo(player.email, /password was changed/);
    expect(notice!.text).toContain('the account settings');
    expect(notice!.text).toContain('every other device');
  });

  it('refuses a sixth wrong password in 15 minutes with 429, even the right one', async () => {
    const player = await signedInPlayer(ctx);
    const change = (currentPassword: string) =>
      call('POST', '/athar/account/password', player.cookie, {
        currentPassword,
        password: 'guessed my way in',
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess number ${i}`)).statusCode).toBe(400);
    const limited = await change(player.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The address change asks for the same password and shares the count.
    const email = await call('POST', '/athar/account/email', player.cookie, {
      email: `other-${player.email}`,
      password: player.password,
    });
    expect(email.statusCode).toBe(429);
    expect((await logIn(player.login, player.password)).status).toBe(200);

    ctx.clock.advance(15 * 60_000 + 1000);
    const back = await logIn(player.login, player.password);
    const later = await call('POST', '/athar/account/password', back.cookie, {
      currentPassword: player.password,
      password: 'patience pays off',
    });
    expect(later.statusCode, later.body).toBe(200);
  });
});

describe('the list of sessions', () => {
  it('shows each device and network, the current one marked, most recently seen first', async () => {
    const player = await registerPlayer(ctx);
    const laptop = await logIn(player.login, player.password, {
      userAgent: CHROME_WINDOWS,
      address: '203.0.113.77',
    });
    const phone = await logIn(player.login, player.password, {
      userAgent: SAFARI_IPHONE,
      address: '2001:db8:abcd:12::1',
    });
    const signedInAt = ctx.clock.now().toISOString();
    ctx.clock.advance(5 * 60_000);
    // The laptop's tokens are refreshed: it was seen later than the phone.
    const refreshed = await call('POST', '/abwab/refresh', laptop.cookie);
    expect(refreshed.statusCode).toBe(200);
    const laptopCookie = cookiesFrom(refreshed, laptop.cookie);

    const list = await sessions(phone.cookie);
    expect(list).toEqual([
      {
        id: expect.any(String),
        device: 'Chrome on Windows',
        place: 'near 203.0.113.0/24',
        signedInAt,
        lastSeenAt: ctx.clock.now().toISOString(),
        current: false,
      },
      {
        id: expect.any(String),
        device: 'Safari on iPhone',
        place: 'near 2001:db8:abcd::/48',
        signedInAt,
        lastSeenAt: signedInAt,
        current: true,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain('203.0.113.77');
    expect((await sessions(laptopCookie)).map((s) => s.current)).toEqual([true, false]);
  });

  it('says what it does not know, and "Local network" for a private address', async () => {
    const player = await registerPlayer(ctx);
    const local = await logIn(player.login, player.password, { address: '192.168.1.20' });
    const [only] = await sessions(local.cookie);
    expect(only).toMatchObject({ device: 'Unknown device', place: 'Local network' });
  });

  it('signs out one session: its requests and its push stream end at once', async () => {
    const player = await registerPlayer(ctx);
    const mine = await logIn(player.login, player.password);
    const theirs = await logIn(player.login, player.password);
    const stream = await openSse(`${base}/events`, { cookie: theirs.cookie });
    expect(stream.status).toBe(200);
    const [other] = (await sessions(mine.cookie)).filter((s) => !s.current);

    const res = await call('DELETE', `/athar/account/sessions/${other!.id}`, mine.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await stream.ended;
    expect(await signedIn(theirs.cookie)).toBe(401);
    expect(await signedIn(mine.cookie)).toBe(200);
    expect((await sessions(mine.cookie)).map((s) => s.current)).toEqual([true]);
    // Already over: as if it never was.
    const twice = await call('DELETE', `/athar/account/sessions/${other!.id}`, mine.cookie);
    expect(twice.statusCode).toBe(404);
  });

  it("answers another player's session like one that does not exist, and a bad id with 400", async () => {
    const alice = await signedInPlayer(ctx);
    const bob = await signedInPlayer(ctx);
    const [bobs] = await sessions(bob.cookie);
    const theirs = await call('DELETE', `/athar/account/sessions/${bobs!.id}`, alice.cookie);
    const missing = await call(
      'DELETE',
      '/athar/account/sessions/00000000-0000-4000-8000-000000000000',
      alice.cookie,
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(await signedIn(bob.cookie)).toBe(200);
    for (const id of ['not-a-uuid', '1', `${bobs!.id}x`]) {
      const bad = await call('DELETE', `/athar/account/sessions/${id}`, alice.cookie);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().field, id).toBe('id');
    }
    expect(
      (await call('DELETE', `/athar/account/sessions/${bobs!.id}`)).statusCode,
      'no session',
    ).toBe(401);
  });

  it('signs out everywhere else, and signs out the current session when asked', async () => {
    const player = await registerPlayer(ctx);
    const mine = await logIn(player.login, player.password);
    const second = await logIn(player.login, player.password);
    const third = await logIn(player.login, player.password);
    const res = await call('POST', '/athar/account/sessions/end-others', mine.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await signedIn(second.cookie)).toBe(401);
    expect(await signedIn(third.cookie)).toBe(401);
    expect(await signedIn(mine.cookie)).toBe(200);
    expect((await call('POST', '/athar/account/sessions/end-others', mine.cookie)).json()).toEqual({
      ended: 0,
    });

    const [current] = await sessions(mine.cookie);
    const out = await call('DELETE', `/athar/account/sessions/${current!.id}`, mine.cookie);
    expect(out.statusCode).toBe(200);
    // The session's cookies are cleared; the browser's device cookie stays (it names the
    // browser, not the session).
    expect(cookiesFrom(out, mine.cookie)).toMatch(/^aleph_device=[^;]+$/);
    expect(await signedIn(mine.cookie)).toBe(401);
    expect((await call('POST', '/abwab/refresh', mine.cookie)).statusCode).toBe(401);
  });
});

// A second server process on the same PostgreSQL: what one process ends, the other closes.
describe.skipIf(!process.env.TEST_DATABASE_URL)('with two server processes', () => {
  it("closes the other sessions' push streams on the other process when the password changes", async () => {
    const second = await openDatabase({ databaseUrl: ctx.databaseUrl!, poolSize: 5 });
    const other = await buildApp({
      config: ctx.config,
      database: second,
      clock: ctx.clock,
      accountHooks: [grantStarter],
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    try {
      const player = await signedInPlayer(ctx);
      const phone = await logIn(player.login, player.password);
      const stream = await openSse(`${otherBase}/events`, { cookie: phone.cookie });
      expect(stream.status).toBe(200);
      const res = await call('POST', '/athar/account/password', player.cookie, {
        currentPassword: player.password,
        password: 'changed on the first process',
      });
      expect(res.statusCode, res.body).toBe(200);
      await stream.ended;
      const there = await other.inject({
        method: 'GET',
        url: '/athar/profile',
        headers: { cookie: phone.cookie },
      });
      expect(there.statusCode).toBe(401);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe('with MAIL=off', () => {
  let off: TestContext;
  beforeAll(async () => {
    const config = testConfig();
    off = await createTestContext({ mail: { ...config.mail, enabled: false } });
  });
  afterAll(() => off?.close());

  it('queues no mail at registration and refuses the mail actions with 503 MAIL_OFF', async () => {
    const player = await signedInPlayer(off);
    const get = await off.app.inject({
      method: 'GET',
      url: '/athar/account',
      headers: { cookie: player.cookie },
    });
    expect(get.json()).toMatchObject({ emailVerified: false, mailEnabled: false });
    for (const [url, payload] of [
      ['/athar/account/email/verify', undefined],
      ['/athar/account/email', { email: 'new@example.com', password: player.password }],
    ] as const) {
      const res = await off.app.inject({
        method: 'POST',
        url,
        headers: { cookie: player.cookie },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toMatchObject({ code: 'MAIL_OFF' });
    }
    const [row] = await queryRows<{ n: number }>(
      off.database.db,
      sql`select count(*)::int as n from mail_outbox`,
    );
    expect(row!.n).toBe(0);
    // The password still changes, without a notice.
    const changed = await off.app.inject({
      method: 'POST',
      url: '/athar/account/password',
      headers: { cookie: player.cookie },
      payload: { currentPassword: player.password, password: 'no mail needed' },
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe('the demo world', () => {
  let demo: TestContext;
  beforeAll(async () => {
    demo = await createTestContext();
  });
  afterAll(() => demo?.close());

  it("shows the demo accounts' addresses as verified", async () => {
    const world = await ensureDemoWorld(demo.database.db, demo.clock.now());
    expect(world.created).toBe(true);
    const password = world.created ? world.password : '';
    const login = await demo.app.inject({
      method: 'POST',
      url: '/abwab/login',
      payload: { username: 'demo', password },
    });
    expect(login.statusCode).toBe(200);
    const res = await demo.app.inject({
      method: 'GET',
      url: '/athar/account',
      headers: { cookie: cookiesFrom(login) },
    });
    expect(res.json()).toMatchObject({ login: 'demo', emailVerified: true });
    const [row] = await queryRows<{ n: number }>(
      demo.database.db,
      sql`select count(*)::int as n from users where email_verified_at is null`,
    );
    expect(row!.n).toBe(0);
  }, 120_000);
});
