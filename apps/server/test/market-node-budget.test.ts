import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createPublicClient, createWalletClient, http as viemHttp, parseEther } from 'viem';
import type { Address, PrivateKeyAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { localhost } from 'viem/chains';
import { queryRows } from '../src/db/client.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client } from './game-helpers.js';
import { startDevChain, type DevChain } from './dev-chain.js';

/**
 * How much of the chain node one player can use (docs/operations.md, Payments). The server
 * talks to a real development chain (anvil) through a proxy that counts every JSON-RPC
 * request, so the tests see exactly what reaches the node.
 */
const CHAIN_ID = 1337;
const funderKey = generatePrivateKey();
const funder = privateKeyToAccount(funderKey);
const treasury = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address;

let chain: DevChain;
let proxy: http.Server;
let rpcUrl: string;
let ctx: TestContext;
/** JSON-RPC methods the node received from the server, in order. */
const received: string[] = [];
const count = (method: string) => received.filter((m) => m === method).length;

const publicClient = () =>
  createPublicClient({ chain: localhost, transport: viemHttp(rpcUrl), cacheTime: 0 });
const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({ account, chain: localhost, transport: viemHttp(rpcUrl) });

/** Forwards every request to the chain and writes down its method(s). */
function countingProxy(target: string): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const calls = [JSON.parse(body) as { method: string } | { method: string }[]].flat();
      for (const call of calls) received.push(call.method);
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        })
        .catch(() => res.writeHead(502).end());
    });
  });
}

beforeAll(async () => {
  chain = await startDevChain(CHAIN_ID, [{ address: funder.address, balance: parseEther('1000') }]);
  rpcUrl = chain.url;
  proxy = countingProxy(rpcUrl);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  ctx = await createTestContext({
    payments: {
      provider: 'onchain',
      chainRpcUrl: proxyUrl,
      chainId: CHAIN_ID,
      treasuryAddress: treasury,
      confirmations: 2,
    },
  });
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await chain?.stop();
});

async function player() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { ...p, api: client(ctx, p.cookie), profileId: row!.id };
}

const randomHash = () => `0x${randomBytes(32).toString('hex')}`;
let keys = 0;
const newKey = () => `budget-key-${++keys}-${Date.now()}`;
const SECOND = 1000;

describe('chain node budget', () => {
  it('answers rapid re-checks of a pending payment without the node, backing off 5 s, 10 s ...', async () => {
    const buyer = await player();
    const funded = await walletOf(funder).sendTransaction({
      to: buyer.account.address,
      value: parseEther('1'),
    });
    await publicClient().waitForTransactionReceipt({ hash: funded });
    const txHash = await walletOf(buyer.account).sendTransaction({
      to: treasury,
      value: parseEther('0.01'),
    });
    await publicClient().waitForTransactionReceipt({ hash: txHash });
    const bought = await buyer.api.post('/market/platinum', {
      packageId: 'platinum-100',
      idempotencyKey: newKey(),
      txHash,
    });
    expect(bought).toMatchObject({ status: 202, body: { status: 'pending' } });
    const id = bought.body.purchaseid as number;
    const read = () => buyer.api.get(`/market/purchases/${id}`);
    const checks = () => count('eth_getTransactionByHash');
    const afterBuy = checks();

    // 30 reads at once and one after another, inside the first 5 s: the node is not asked.
    const burst = await Promise.all(Array.from({ length: 10 }, read));
    for (let i = 0; i < 20; i++) burst.push(await read());
    for (const r of burst) expect(r).toMatchObject({ status: 200, body: { status: 'pending' } });
    expect(checks()).toBe(afterBuy);

    // After 5 s: ten parallel reads make one verification.
    ctx.clock.advance(5 * SECOND);
    const due = await Promise.all(Array.from({ length: 10 }, read));
    for (const r of due) expect(r).toMatchObject({ status: 200, body: { status: 'pending' } });
    expect(checks()).toBe(afterBuy + 1);
    // The next wait is 10 s: 5 s later the node is still not asked, 10 s later it is, once.
    ctx.clock.advance(5 * SECOND);
    await read();
    expect(checks()).toBe(afterBuy + 1);
    ctx.clock.advance(5 * SECOND);
    await read();
    await read();
    expect(checks()).toBe(afterBuy + 2);

    // Once mined deep enough and the 20 s wait is over, a read credits it.
    await chain.mine();
    ctx.clock.advance(20 * SECOND);
    expect(await read()).toMatchObject({ status: 200, body: { status: 'confirmed' } });
    expect(checks()).toBe(afterBuy + 3);
    const profile = await buyer.api.get('/athar/profile');
    expect(profile.body).toMatchObject({ treasury: { platinum: 100 } });
  });

  it('asks the node for its chain id once, however many payments it verifies', async () => {
    const buyer = await player();
    for (let i = 0; i < 3; i++) {
      const res = await buyer.api.post('/market/platinum', {
        packageId: 'platinum-100',
        idempotencyKey: newKey(),
        txHash: randomHash(),
      });
      expect(res).toMatchObject({ status: 400, body: { code: 'TX_NOT_FOUND' } });
    }
    expect(count('eth_getTransactionByHash')).toBeGreaterThanOrEqual(3);
    expect(count('eth_chainId')).toBe(1);
  });

  it('refuses a profile over its budget with 429 and Retry-After; another profile is served', async () => {
    const greedy = await player();
    const other = await player();
    const post = (who: typeof greedy) =>
      ctx.app.inject({
        method: 'POST',
        url: '/market/platinum',
        headers: { cookie: who.cookie },
        payload: { packageId: 'platinum-100', idempotencyKey: newKey(), txHash: randomHash() },
      });
    for (let i = 0; i < 30; i++) {
      const res = await post(greedy);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'TX_NOT_FOUND' });
    }
    const asked = count('eth_getTransactionByHash');
    const refused = await post(greedy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/^Too many payment checks in a short time\./);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(count('eth_getTransactionByHash')).toBe(asked);

    const served = await post(other);
    expect(served.statusCode).toBe(400);
    expect(served.json()).toMatchObject({ code: 'TX_NOT_FOUND' });
    expect(count('eth_getTransactionByHash')).toBe(asked + 1);

    // Once the wait is over, the greedy profile is served again.
    ctx.clock.advance(retryAfter * SECOND);
    expect((await post(greedy)).statusCode).toBe(400);
  });
});
