import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  type Address,
  type Hash,
  type PrivateKeyAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { localhost } from 'viem/chains';
import type { PaymentConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, expectBooksBalanced } from './game-helpers.js';
import { startDevChain, type DevChain } from './dev-chain.js';

/**
 * The on-chain provider against a real development chain (anvil, chain id 1337) started in
 * this test run. Players pay from the wallet they registered with; the server verifies over
 * JSON-RPC. Every refusal must leave balances, purchases and the books untouched.
 */
const CHAIN_ID = 1337;
const funderKey = generatePrivateKey();
const strangerKey = generatePrivateKey();
const funder = privateKeyToAccount(funderKey);
const stranger = privateKeyToAccount(strangerKey);
const treasury = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address;
/** Init code that deploys the runtime `PUSH1 0 PUSH1 0 REVERT`: every call to it fails. */
const REVERTER_INIT = '0x6005600c60003960056000f360006000fd';

let chain: DevChain;
let rpcUrl: string;
let reverter: Address;
/** Confirmations 2: a payment in the newest block is pending until one more is mined. */
let ctx: TestContext;
/** The treasury is a contract that reverts: payments to it fail on the chain. */
let revertingCtx: TestContext;
/** Configured for chain 1 while the node is chain 1337. */
let otherChainCtx: TestContext;
/** Its chain node cannot be reached. */
let offlineCtx: TestContext;

const publicClient = () =>
  createPublicClient({ chain: localhost, transport: http(rpcUrl), cacheTime: 0 });
const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({ account, chain: localhost, transport: http(rpcUrl) });
function payments(overrides: Partial<PaymentConfig> = {}): { payments: PaymentConfig } {
  return {
    payments: {
      provider: 'onchain',
      chainRpcUrl: rpcUrl,
      chainId: CHAIN_ID,
      treasuryAddress: treasury,
      confirmations: 2,
      ...overrides,
    },
  };
}

beforeAll(async () => {
  const balance = parseEther('1000');
  chain = await startDevChain(CHAIN_ID, [
    { address: funder.address, balance },
    { address: stranger.address, balance },
  ]);
  rpcUrl = chain.url;
  const deployed = await walletOf(funder).sendTransaction({ data: REVERTER_INIT });
  const receipt = await publicClient().waitForTransactionReceipt({ hash: deployed });
  reverter = receipt.contractAddress!.toLowerCase() as Address;
  // One after another: four apps booting at once can starve each other's plugin timeouts.
  ctx = await createTestContext(payments());
  revertingCtx = await createTestContext(payments({ treasuryAddress: reverter, confirmations: 1 }));
  otherChainCtx = await createTestContext(payments({ chainId: 1 }));
  offlineCtx = await createTestContext(payments({ chainRpcUrl: 'http://127.0.0.1:9' }));
});

afterAll(async () => {
  await Promise.all([ctx, revertingCtx, otherChainCtx, offlineCtx].map((c) => c?.close()));
  await chain?.stop();
});

/** A registered player whose wallet holds 10 ETH on the development chain. */
async function fundedPlayer(on: TestContext = ctx) {
  const p = await signedInPlayer(on);
  const funded = await walletOf(funder).sendTransaction({
    to: p.account.address,
    value: parseEther('10'),
  });
  await publicClient().waitForTransactionReceipt({ hash: funded });
  const [row] = await queryRows<{ id: number }>(
    on.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { ...p, api: client(on, p.cookie), profileId: row!.id };
}

/** Sends ether and waits until it is mined (one confirmation). */
async function pay(from: PrivateKeyAccount, to: Address, ether: string, gas?: bigint) {
  const hash = await walletOf(from).sendTransaction({
    to,
    value: parseEther(ether),
    ...(gas ? { gas } : {}),
  });
  await publicClient().waitForTransactionReceipt({ hash });
  return hash;
}

async function state(on: TestContext, profileId: number) {
  const [row] = await queryRows<{ platinum: string; vip: string; purchases: string }>(
    on.database.db,
    sql`select p.platinum, p.vip_points as vip,
          (select count(*) from purchases where profile_id = p.id) as purchases
        from profiles p where p.id = ${profileId}`,
  );
  return {
    platinum: Number(row!.platinum),
    vip: Number(row!.vip),
    purchases: Number(row!.purchases),
  };
}

let keys = 0;
const newKey = () => `onchain-key-${++keys}-${Date.now()}`;

const buy = (on: TestContext, cookie: string, body: object) =>
  client(on, cookie).post('/market/platinum', body);

describe('on-chain payment', () => {
  it('offers the packages and the payment setup the browser needs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/market/offers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      packages: [
        { id: 'platinum-100', platinum: 100, priceWei: '10000000000000000', price: '0.01 ETH' },
        { id: 'platinum-550', platinum: 550, bonusPercent: 10, price: '0.05 ETH' },
        { id: 'platinum-1200', platinum: 1200, bonusPercent: 20, price: '0.1 ETH' },
      ],
      mint: { land: 100, hero: 50 },
      payment: { provider: 'onchain', chainId: CHAIN_ID, treasury, confirmations: 2 },
    });
  });

  it('credits a confirmed payment once: platinum and VIP points, with the ledger', async () => {
    const player = await fundedPlayer();
    const txHash = await pay(player.account, treasury, '0.05');
    await chain.mine();
    const idempotencyKey = newKey();
    const body = { packageId: 'platinum-550', idempotencyKey, txHash };
    const first = await buy(ctx, player.cookie, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      kind: 'platinum',
      status: 'confirmed',
      platinum: 550,
      packageId: 'platinum-550',
      txHash,
      confirmations: { have: 2, need: 2 },
    });
    expect(await state(ctx, player.profileId)).toEqual({ platinum: 550, vip: 550, purchases: 1 });
    const profile = (await player.api.get('/athar/profile')).body;
    expect(profile).toMatchObject({ treasury: { platinum: 550 }, vip: { vipPoints: 550 } });

    // A retry with the same key answers the same purchase and credits nothing more.
    const again = await buy(ctx, player.cookie, body);
    expect(again).toMatchObject({ status: 200, body: { purchaseid: first.body.purchaseid } });
    // The same hash under a new key, or by another player, is refused.
    const reuse = await buy(ctx, player.cookie, { ...body, idempotencyKey: newKey() });
    expect(reuse).toMatchObject({
      status: 409,
      body: { code: 'TX_ALREADY_USED', field: 'txHash' },
    });
    const thief = await fundedPlayer();
    const stolen = await buy(ctx, thief.cookie, { ...body, idempotencyKey: newKey() });
    expect(stolen).toMatchObject({ status: 409, body: { code: 'TX_ALREADY_USED' } });
    // The same key with another request is a mismatch.
    const mismatch = await buy(ctx, player.cookie, { ...body, packageId: 'platinum-100' });
    expect(mismatch).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_MISMATCH' } });

    expect(await state(ctx, player.profileId)).toEqual({ platinum: 550, vip: 550, purchases: 1 });
    expect(await state(ctx, thief.profileId)).toEqual({ platinum: 0, vip: 0, purchases: 0 });
    const history = await player.api.get('/market/purchases');
    expect(history.body).toHaveLength(1);
    await expectBooksBalanced(ctx);
  });

  it('parallel retries of one key credit once; one hash under many keys credits once', async () => {
    const player = await fundedPlayer();
    const txHash = await pay(player.account, treasury, '0.1');
    await chain.mine();
    const body = { packageId: 'platinum-1200', idempotencyKey: newKey(), txHash };
    const retries = await Promise.all(
      Array.from({ length: 10 }, () => buy(ctx, player.cookie, body)),
    );
    const ids = new Set(retries.map((r) => r.body.purchaseid));
    expect(retries.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(ids.size).toBe(1);

    const second = await pay(player.account, treasury, '0.01');
    await chain.mine();
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(ctx, player.cookie, {
          packageId: 'platinum-100',
          idempotencyKey: newKey(),
          txHash: second,
        }),
      ),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of racing.filter((x) => x.status !== 200))
      expect(r).toMatchObject({ status: 409, body: { code: 'TX_ALREADY_USED' } });
    expect(await state(ctx, player.profileId)).toEqual({ platinum: 1300, vip: 1300, purchases: 2 });
    await expectBooksBalanced(ctx);
  });

  it('keeps a payment pending until it has enough confirmations, then credits it once', async () => {
    const player = await fundedPlayer();
    const txHash = await pay(player.account, treasury, '0.01');
    const body = { packageId: 'platinum-100', idempotencyKey: newKey(), txHash };
    const pending = await buy(ctx, player.cookie, body);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({
      status: 'pending',
      platinum: 100,
      confirmedAt: null,
      txHash,
      confirmations: { have: 1, need: 2 },
    });
    const id = pending.body.purchaseid as number;
    expect(await state(ctx, player.profileId)).toEqual({ platinum: 0, vip: 0, purchases: 1 });
    expect(await player.api.get(`/market/purchases/${id}`)).toMatchObject({
      status: 200,
      body: { status: 'pending' },
    });
    expect(await buy(ctx, player.cookie, body)).toMatchObject({
      status: 202,
      body: { purchaseid: id, status: 'pending' },
    });

    await chain.mine();
    // A pending payment is checked again 5 s after the last check at the earliest
    // (docs/operations.md, Payments); many polls then race to confirm it: exactly one credit.
    ctx.clock.advance(5_000);
    const polls = await Promise.all(
      Array.from({ length: 10 }, () => player.api.get(`/market/purchases/${id}`)),
    );
    for (const poll of polls)
      expect(poll).toMatchObject({ status: 200, body: { purchaseid: id, status: 'confirmed' } });
    expect(await state(ctx, player.profileId)).toEqual({ platinum: 100, vip: 100, purchases: 1 });
    expect(await buy(ctx, player.cookie, body)).toMatchObject({
      status: 200,
      body: { purchaseid: id, status: 'confirmed' },
    });
    await expectBooksBalanced(ctx);
  });

  it('treats a transaction not yet mined as pending, and refuses it once it fails', async () => {
    const player = await fundedPlayer(revertingCtx);
    await chain.setAutomine(false);
    let txHash: Hash;
    try {
      txHash = await walletOf(player.account).sendTransaction({
        to: reverter,
        value: parseEther('0.01'),
        gas: 100_000n,
      });
      const body = { packageId: 'platinum-100', idempotencyKey: newKey(), txHash };
      const pending = await buy(revertingCtx, player.cookie, body);
      expect(pending).toMatchObject({
        status: 202,
        body: { status: 'pending', confirmations: { have: 0, need: 1 } },
      });
    } finally {
      await chain.setAutomine(true);
    }
    await publicClient().waitForTransactionReceipt({ hash: txHash });
    revertingCtx.clock.advance(5_000); // past the first re-check interval
    const [row] = await queryRows<{ id: number }>(
      revertingCtx.database.db,
      sql`select id from purchases where tx_hash = ${txHash}`,
    );
    const read = await player.api.get(`/market/purchases/${row!.id}`);
    expect(read).toMatchObject({
      status: 200,
      body: { status: 'refused', confirmedAt: null, refusal: { code: 'TX_FAILED' } },
    });
    expect(await state(revertingCtx, player.profileId)).toMatchObject({ platinum: 0, vip: 0 });
    await expectBooksBalanced(revertingCtx);
  });
});

describe('refused payments change nothing', () => {
  async function expectRefused(
    on: TestContext,
    player: Awaited<ReturnType<typeof fundedPlayer>>,
    body: object,
    status: number,
    code: string,
  ) {
    const res = await buy(on, player.cookie, { idempotencyKey: newKey(), ...body });
    expect(res).toMatchObject({ status, body: { statusCode: status, code } });
    expect(typeof res.body.message).toBe('string');
    expect(await state(on, player.profileId)).toEqual({ platinum: 0, vip: 0, purchases: 0 });
    await expectBooksBalanced(on);
    return res;
  }

  it('a payment to another address', async () => {
    const player = await fundedPlayer();
    const txHash = await pay(player.account, stranger.address, '0.05');
    await chain.mine();
    const res = await expectRefused(
      ctx,
      player,
      { packageId: 'platinum-550', txHash },
      409,
      'WRONG_RECIPIENT',
    );
    expect(res.body.message).toContain(treasury);
  });

  it('a payment below the price', async () => {
    const player = await fundedPlayer();
    const txHash = await pay(player.account, treasury, '0.04');
    await chain.mine();
    const res = await expectRefused(
      ctx,
      player,
      { packageId: 'platinum-550', txHash },
      409,
      'AMOUNT_TOO_LOW',
    );
    expect(res.body.message).toContain('0.05 ETH');
  });

  it('a transaction that failed on the chain', async () => {
    const player = await fundedPlayer(revertingCtx);
    const txHash = await pay(player.account, reverter, '0.01', 100_000n);
    const receipt = await publicClient().getTransactionReceipt({ hash: txHash });
    expect(receipt.status).toBe('reverted');
    await expectRefused(
      revertingCtx,
      player,
      { packageId: 'platinum-100', txHash },
      409,
      'TX_FAILED',
    );
  });

  it('an unknown hash', async () => {
    const player = await fundedPlayer();
    const txHash = `0x${'ab'.repeat(32)}`;
    await expectRefused(ctx, player, { packageId: 'platinum-100', txHash }, 400, 'TX_NOT_FOUND');
  });

  it('a payment sent from another wallet than the registered one', async () => {
    const player = await fundedPlayer();
    const txHash = await pay(stranger, treasury, '0.01');
    await chain.mine();
    const res = await expectRefused(
      ctx,
      player,
      { packageId: 'platinum-100', txHash },
      409,
      'WRONG_SENDER',
    );
    expect(res.body.message).toContain(player.account.address.toLowerCase());
  });

  it('a payment on another chain than the configured one', async () => {
    const player = await fundedPlayer(otherChainCtx);
    const txHash = await pay(player.account, treasury, '0.01');
    await chain.mine();
    await expectRefused(
      otherChainCtx,
      player,
      { packageId: 'platinum-100', txHash },
      409,
      'WRONG_CHAIN',
    );
  });

  it('no transaction hash, an unknown package, a malformed hash', async () => {
    const player = await fundedPlayer();
    await expectRefused(ctx, player, { packageId: 'platinum-100' }, 400, 'TX_HASH_REQUIRED');
    const txHash = `0x${'cd'.repeat(32)}`;
    const unknown = await expectRefused(
      ctx,
      player,
      { packageId: 'platinum-7', txHash },
      400,
      'UNKNOWN_PACKAGE',
    );
    expect(unknown.body.field).toBe('packageId');
    const malformed = await expectRefused(
      ctx,
      player,
      { packageId: 'platinum-100', txHash: '0x1234' },
      400,
      'VALIDATION_ERROR',
    );
    expect(malformed.body.field).toBe('txHash');
  });

  it('an unreachable chain node: 503, try again later', async () => {
    const player = await fundedPlayer(offlineCtx);
    const txHash = await pay(player.account, treasury, '0.01');
    await expectRefused(
      offlineCtx,
      player,
      { packageId: 'platinum-100', txHash },
      503,
      'PAYMENT_UNAVAILABLE',
    );
  });
});
