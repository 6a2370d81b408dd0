import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { AppConfig } from '../src/config.js';
import {
  createTestContext,
  TEST_DOMAIN,
  testConfig,
  uniqueLogin,
  type TestContext,
} from './helpers.js';

/** A registration whose EIP-4361 message is built, then edited line by line, then signed. */
async function registration(
  ctx: TestContext,
  fields: { domain?: string; uri?: string; chainId?: number; issuedAt?: Date } = {},
  edit: (message: string) => string = (m) => m,
) {
  const account = privateKeyToAccount(generatePrivateKey());
  const { nonce } = (await ctx.app.inject({ url: '/abwab/nonce' })).json() as { nonce: string };
  const message = edit(
    createSiweMessage({
      domain: fields.domain ?? TEST_DOMAIN,
      address: account.address,
      statement: 'Sign to register',
      uri: fields.uri ?? `https://${TEST_DOMAIN}`,
      version: '1',
      chainId: fields.chainId ?? 1,
      nonce,
      issuedAt: fields.issuedAt ?? ctx.clock.now(),
    }),
  );
  const login = uniqueLogin('siwe');
  return {
    login,
    email: `${login}@example.com`,
    address: account.address,
    signature: await account.signMessage({ message }),
    password: 'correct horse battery',
    message,
  };
}

const post = (ctx: TestContext, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/abwab/register', payload, headers });

async function expectRefused(
  ctx: TestContext,
  payload: object,
  why: RegExp,
  headers: Record<string, string> = {},
) {
  const res = await post(ctx, payload, headers);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'MESSAGE_INVALID', field: 'message' });
  expect(res.json().message).toMatch(why);
  const check = await ctx.app.inject({
    url: `/abwab/checklogin?username=${(payload as { login: string }).login}`,
  });
  expect(check.json()).toEqual({ available: true });
}

/** `app.inject` comes from 127.0.0.1: trusted as a proxy, its X-Forwarded-* headers are read. */
const PROXY = ['127.0.0.1'];

function withContext(overrides: Partial<AppConfig>, body: (ctx: () => TestContext) => void) {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(overrides);
  });
  afterAll(() => ctx.close());
  body(() => ctx);
}

describe('the registration message is bound to SIWE_DOMAIN', () => {
  withContext({ siweDomain: TEST_DOMAIN, trustProxy: PROXY }, (ctx) => {
    it('refuses a message for another site whatever Host and X-Forwarded-Host say', async () => {
      const foreign = { domain: 'evil.example', uri: 'https://evil.example' };
      const forged: Record<string, string>[] = [
        { host: 'evil.example' },
        { 'x-forwarded-host': 'evil.example' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      ];
      for (const headers of forged)
        await expectRefused(ctx(), await registration(ctx(), foreign), /another site/, headers);
    });

    it('refuses a URI of another origin or scheme', async () => {
      for (const uri of [
        'https://evil.example',
        `https://${TEST_DOMAIN}.evil.example/`,
        `https://${TEST_DOMAIN}:8443`,
        `ftp://${TEST_DOMAIN}`,
      ])
        await expectRefused(ctx(), await registration(ctx(), { uri }), /URI/);
    });

    it('refuses a chain id that is not a positive integer', async () => {
      const zero = await registration(ctx(), {}, (m) =>
        m.replace('Chain ID: 1\n', 'Chain ID: 0\n'),
      );
      await expectRefused(ctx(), zero, /chain/i);
      const huge = await registration(ctx(), {}, (m) =>
        m.replace('Chain ID: 1\n', `Chain ID: ${'9'.repeat(30)}\n`),
      );
      await expectRefused(ctx(), huge, /chain/i);
    });

    it('refuses an Issued At that is invalid, in the future, or older than a nonce lives', async () => {
      const now = ctx().clock.now().getTime();
      const invalid = await registration(ctx(), {}, (m) =>
        m.replace(/Issued At: .+$/m, 'Issued At: yesterday'),
      );
      await expectRefused(ctx(), invalid, /Issued At/);
      const future = await registration(ctx(), { issuedAt: new Date(now + 3_600_000) });
      await expectRefused(ctx(), future, /future/);
      const old = await registration(ctx(), { issuedAt: new Date(now - 86_400_000) });
      await expectRefused(ctx(), old, /Issued At/);
    });

    it('registers a correct message, http or https, a little clock skew allowed', async () => {
      const now = ctx().clock.now().getTime();
      for (const fields of [
        {},
        { uri: `http://${TEST_DOMAIN}/register` },
        { issuedAt: new Date(now + 60_000) },
      ]) {
        const res = await post(ctx(), await registration(ctx(), fields));
        expect(res.statusCode, res.body).toBe(201);
      }
    });
  });
});

describe('without SIWE_DOMAIN (development)', () => {
  withContext({ siweDomain: undefined, trustProxy: PROXY }, (ctx) => {
    it('takes the domain from Host, never from X-Forwarded-Host', async () => {
      const forged = await registration(ctx(), {
        domain: 'evil.example',
        uri: 'https://evil.example',
      });
      await expectRefused(ctx(), forged, /another site/, {
        host: 'localhost:5173',
        'x-forwarded-host': 'evil.example',
      });
      const local = await registration(ctx(), {
        domain: 'localhost:5173',
        uri: 'http://localhost:5173',
      });
      const res = await post(ctx(), local, {
        host: 'localhost:5173',
        'x-forwarded-host': 'evil.example',
      });
      expect(res.statusCode, res.body).toBe(201);
    });
  });
});

describe('with a payment chain configured', () => {
  const base = testConfig();
  withContext({ payments: { ...base.payments, chainId: 1337 } }, (ctx) => {
    it('registers only messages signed on that chain', async () => {
      await expectRefused(ctx(), await registration(ctx(), { chainId: 1 }), /1337/);
      expect((await post(ctx(), await registration(ctx(), { chainId: 1337 }))).statusCode).toBe(
        201,
      );
    });
  });
});
