import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, expectBooksBalanced } from './game-helpers.js';

/** The sandbox provider (the default outside production) and the payment configuration. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('sandbox payments', () => {
  it('is the default outside production and says so in the offers', async () => {
    expect(ctx.config.payments.provider).toBe('sandbox');
    const res = await ctx.app.inject({ method: 'GET', url: '/market/offers' });
    expect(res.json()).toMatchObject({
      payment: { provider: 'sandbox', chainId: null, treasury: null, confirmations: 0 },
      mint: { land: 100, hero: 50 },
    });
  });

  it('credits Platinum and VIP points at once, once per key', async () => {
    const p = await signedInPlayer(ctx);
    const api = client(ctx, p.cookie);
    const body = { packageId: 'platinum-1200', idempotencyKey: 'sandbox-key-0001' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.post('/market/platinum', body)),
    );
    for (const r of results) {
      expect(r).toMatchObject({
        status: 200,
        body: { kind: 'platinum', status: 'confirmed', platinum: 1200, txHash: null },
      });
      expect(r.body.purchaseid).toBe(results[0]!.body.purchaseid);
    }
    expect((await api.profile()) as unknown).toMatchObject({
      treasury: { platinum: 1200 },
      vip: { vipPoints: 1200, vipLevel: 2 },
    });
    const [ledger] = await queryRows<{ platinum: string; vip: string }>(
      ctx.database.db,
      sql`select sum(delta) filter (where asset = 'platinum') as platinum,
                 sum(delta) filter (where asset = 'vip') as vip
          from ledger l join users u on u.id = l.profile_id
          where u.login = ${p.login} and l.cause = 'purchase'
            and l.cause_id = ${String(results[0]!.body.purchaseid)}`,
    );
    expect([Number(ledger!.platinum), Number(ledger!.vip)]).toEqual([1200, 1200]);
    await expectBooksBalanced(ctx);
  });
});

describe('payment configuration', () => {
  const base = { COOKIE_SECRET: 'x'.repeat(40) };
  // The other settings production requires (test/config.test.ts), so only payments are missing.
  const prod = {
    ...base,
    NODE_ENV: 'production',
    SIWE_DOMAIN: 'game.example',
    METRICS_TOKEN: 'metrics-token-0123456789abcdef',
    SMTP_URL: 'smtps://game:secret@smtp.example.org',
    PUBLIC_URL: 'https://game.example',
    // Web push has its own production checks (config.test.ts).
    WEB_PUSH: 'off',
  };
  const chain = {
    CHAIN_RPC_URL: 'https://rpc.example.org',
    CHAIN_ID: '1',
    TREASURY_ADDRESS: '0x000000000000000000000000000000000000dEaD',
  };

  it('refuses the sandbox in production', () => {
    expect(() => loadConfig({ ...prod, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER=sandbox .*cannot be used with NODE_ENV=production/,
    );
  });

  it('uses onchain in production and requires every chain setting there', () => {
    expect(() => loadConfig(prod)).toThrow(
      'PAYMENT_PROVIDER=onchain requires CHAIN_RPC_URL, CHAIN_ID, TREASURY_ADDRESS, PAYMENT_CONFIRMATIONS',
    );
    expect(() => loadConfig({ ...prod, ...chain })).toThrow(/requires PAYMENT_CONFIRMATIONS/);
    expect(loadConfig({ ...prod, ...chain, PAYMENT_CONFIRMATIONS: '3' }).payments).toEqual({
      provider: 'onchain',
      chainRpcUrl: 'https://rpc.example.org',
      chainId: 1,
      treasuryAddress: '0x000000000000000000000000000000000000dead',
      confirmations: 3,
    });
  });

  it('defaults to the sandbox with one confirmation elsewhere', () => {
    expect(loadConfig(base).payments).toMatchObject({ provider: 'sandbox', confirmations: 1 });
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: 'onchain', ...chain }).payments).toMatchObject({
      provider: 'onchain',
      chainId: 1,
      confirmations: 1,
    });
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'onchain' })).toThrow(/CHAIN_RPC_URL/);
  });

  it('checks every value', () => {
    const onchain = { ...base, ...chain, PAYMENT_PROVIDER: 'onchain' };
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'paypal' })).toThrow(/sandbox or onchain/);
    expect(() => loadConfig({ ...onchain, CHAIN_ID: 'mainnet' })).toThrow(/CHAIN_ID/);
    expect(() => loadConfig({ ...onchain, CHAIN_RPC_URL: 'rpc.example.org' })).toThrow(
      /CHAIN_RPC_URL/,
    );
    expect(() => loadConfig({ ...onchain, TREASURY_ADDRESS: '0x1234' })).toThrow(
      /TREASURY_ADDRESS/,
    );
    // Mixed case must be a valid checksum: a typo is caught, not paid to.
    expect(() =>
      loadConfig({ ...onchain, TREASURY_ADDRESS: '0x000000000000000000000000000000000000DEad' }),
    ).toThrow(/TREASURY_ADDRESS/);
    expect(() => loadConfig({ ...onchain, PAYMENT_CONFIRMATIONS: '0' })).toThrow(
      /PAYMENT_CONFIRMATIONS/,
    );
  });
});
