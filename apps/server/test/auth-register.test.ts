import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createTestContext, signedRegistration, uniqueLogin, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function countUsers(): Promise<number> {
  const r = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from users`,
  );
  return Number(r[0]?.n);
}

async function post(payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/abwab/register',
    payload: payload as object,
    headers,
  });
}

/** Every refusal must leave the database as it was. */
async function expectRefused(payload: unknown, status: number, code: string, field?: string) {
  const before = await countUsers();
  const res = await post(payload);
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: status, code });
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(5);
  if (field) expect(body.field).toBe(field);
  expect(await countUsers()).toBe(before);
  return body;
}

function strip<T extends { account: unknown }>(reg: T): Omit<T, 'account'> {
  const { account: _a, ...rest } = reg;
  return rest;
}

describe('POST /abwab/register', () => {
  it('creates an account and its profile from a signed EIP-4361 message', async () => {
    const reg = await signedRegistration(ctx);
    const res = await post(strip(reg));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const rows = await queryRows<{
      login: string;
      address: string;
      nickname: string;
      hash: string;
    }>(
      ctx.database.db,
      sql`select u.login, u.address, p.nickname, u.password_hash as hash from users u join profiles p on p.id = u.id where u.login = ${reg.login}`,
    );
    expect(rows[0]).toMatchObject({
      login: reg.login,
      address: reg.address.toLowerCase(),
      nickname: reg.login,
    });
    expect(rows[0]?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('answers checklogin without regard to case', async () => {
    const login = uniqueLogin('Case');
    const before = await ctx.app.inject({
      url: `/abwab/checklogin?username=${encodeURIComponent(login)}`,
    });
    expect(before.json()).toEqual({ available: true });
    const reg = await signedRegistration(ctx, { login });
    expect((await post(strip(reg))).statusCode).toBe(201);
    const after = await ctx.app.inject({
      url: `/abwab/checklogin?username=${login.toUpperCase()}`,
    });
    expect(after.json()).toEqual({ available: false });
  });

  it('refuses a login taken in another case', async () => {
    const login = uniqueLogin('Taken');
    expect((await post(strip(await signedRegistration(ctx, { login })))).statusCode).toBe(201);
    const again = await signedRegistration(ctx, { login: login.toLowerCase() });
    await expectRefused(strip(again), 409, 'LOGIN_TAKEN', 'login');
  });

  it('refuses a wallet that is already registered', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await post(strip(await signedRegistration(ctx, { account })))).statusCode).toBe(201);
    await expectRefused(
      strip(await signedRegistration(ctx, { account })),
      409,
      'ADDRESS_TAKEN',
      'address',
    );
  });

  it('refuses an invalid email with the designed text', async () => {
    const reg = await signedRegistration(ctx);
    const body = await expectRefused(
      { ...strip(reg), email: 'not-an-email' },
      400,
      'EMAIL_INVALID',
      'email',
    );
    expect(body.message).toBe('Invalid email format');
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(33)],
    ['with a space', 'bad name'],
    ['with punctuation', 'bad-name!'],
  ])('refuses a login %s', async (_why, login) => {
    const reg = await signedRegistration(ctx);
    await expectRefused({ ...strip(reg), login }, 400, 'LOGIN_INVALID', 'login');
  });

  it.each([
    ['7 characters', 'a'.repeat(7)],
    ['129 characters', 'a'.repeat(129)],
  ])('refuses a password of %s', async (_why, password) => {
    const reg = await signedRegistration(ctx);
    await expectRefused({ ...strip(reg), password }, 400, 'PASSWORD_INVALID', 'password');
  });

  it('refuses a signature made by another key', async () => {
    const reg = await signedRegistration(ctx);
    const other = privateKeyToAccount(generatePrivateKey());
    const signature = await other.signMessage({ message: reg.message });
    await expectRefused({ ...strip(reg), signature }, 400, 'SIGNATURE_INVALID', 'signature');
  });

  it('refuses a malformed signature', async () => {
    const reg = await signedRegistration(ctx);
    await expectRefused(
      { ...strip(reg), signature: '0x1234' },
      400,
      'SIGNATURE_INVALID',
      'signature',
    );
  });

  it('refuses a message replayed for a second account', async () => {
    const reg = await signedRegistration(ctx);
    expect((await post(strip(reg))).statusCode).toBe(201);
    // Same wallet message and signature, new login: the nonce is spent.
    await expectRefused({ ...strip(reg), login: uniqueLogin() }, 400, 'NONCE_INVALID', 'message');
  });

  it('refuses a message whose nonce has expired', async () => {
    const reg = await signedRegistration(ctx);
    ctx.clock.advance(11 * 60_000);
    await expectRefused(strip(reg), 400, 'NONCE_INVALID', 'message');
  });

  it('refuses a nonce the server never issued', async () => {
    const reg = await signedRegistration(ctx);
    const message = reg.message.replace(/Nonce: (\w+)/, 'Nonce: abcdefgh12345678');
    const signature = await reg.account.signMessage({ message });
    await expectRefused({ ...strip(reg), message, signature }, 400, 'NONCE_INVALID', 'message');
  });

  it('refuses a message made for another domain', async () => {
    const reg = await signedRegistration(ctx, { domain: 'evil.example' });
    await expectRefused(strip(reg), 400, 'MESSAGE_INVALID', 'message');
  });

  it('refuses a message with another statement', async () => {
    const reg = await signedRegistration(ctx, { statement: 'Sign to transfer everything' });
    await expectRefused(strip(reg), 400, 'MESSAGE_INVALID', 'message');
  });

  it('refuses a message that names another address than the payload', async () => {
    const reg = await signedRegistration(ctx);
    const other = privateKeyToAccount(generatePrivateKey());
    await expectRefused(
      { ...strip(reg), address: other.address },
      400,
      'MESSAGE_INVALID',
      'message',
    );
  });

  it('refuses a bare "Sign to register" signature without an EIP-4361 message', async () => {
    const reg = await signedRegistration(ctx);
    const signature = await reg.account.signMessage({ message: 'Sign to register' });
    await expectRefused(
      { ...strip(reg), message: 'Sign to register', signature },
      400,
      'MESSAGE_INVALID',
      'message',
    );
  });

  it.each(['login', 'email', 'address', 'signature', 'password', 'message'])(
    'names the missing field %s',
    async (field) => {
      const reg = strip(await signedRegistration(ctx)) as Record<string, unknown>;
      delete reg[field];
      await expectRefused(reg, 400, 'VALIDATION_ERROR', field);
    },
  );

  it('names a field of the wrong type', async () => {
    const reg = strip(await signedRegistration(ctx));
    await expectRefused({ ...reg, email: 42 }, 400, 'VALIDATION_ERROR', 'email');
  });

  it('refuses overlong strings', async () => {
    const reg = strip(await signedRegistration(ctx));
    await expectRefused(
      { ...reg, email: `${'a'.repeat(400)}@x.io` },
      400,
      'VALIDATION_ERROR',
      'email',
    );
    await expectRefused({ ...reg, message: 'x'.repeat(5000) }, 400, 'VALIDATION_ERROR', 'message');
  });

  it('refuses malformed JSON and a body that is not an object', async () => {
    const before = await countUsers();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "x",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_JSON' });
    const arr = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/register',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(arr.statusCode).toBe(400);
    const empty = await ctx.app.inject({ method: 'POST', url: '/abwab/register' });
    expect(empty.statusCode).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  it('lets exactly one of many racing registrations of one login win', async () => {
    const login = uniqueLogin('Race');
    const regs = await Promise.all(
      Array.from({ length: 8 }, () => signedRegistration(ctx, { login })),
    );
    const before = await countUsers();
    const results = await Promise.all(regs.map((r) => post(strip(r))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(await countUsers()).toBe(before + 1);
  });

  it('hands out a fresh nonce each time', async () => {
    const a = (await ctx.app.inject({ url: '/abwab/nonce' })).json();
    const b = (await ctx.app.inject({ url: '/abwab/nonce' })).json();
    expect(a.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(a.nonce).not.toBe(b.nonce);
    expect(new Date(a.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(10 * 60_000);
  });
});
