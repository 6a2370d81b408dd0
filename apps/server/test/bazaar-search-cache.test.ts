import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';
import { cancel, trader } from './bazaar-test-kit.js';
import { buy, listed } from './bazaar-trade-kit.js';

/**
 * The search keeps its pages for a moment (docs/performance.md, Bazaar), but a player never
 * finds it behind their own write: listing, buying and cancelling show at once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function search(cookie: string): Promise<number[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/souq/bazaar/listings?kind=goods&sort=newest',
    headers: { cookie, 'accept-encoding': 'gzip, br' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return (JSON.parse(decode(res)) as { listings: { id: number }[] }).listings.map((l) => l.id);
}

function decode(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (coding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

describe('the search after a write', () => {
  it('shows a new listing, then a sale and a cancel take listings away at once', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    expect(await search(buyer.cookie)).toEqual([]);
    const goods = { kind: 'goods', landid: seller.landid, item: 'TOWER_STONE', quantity: 1 };
    const first = await listed(ctx, seller, { ...goods, price: 100 });
    expect(await search(buyer.cookie)).toEqual([first]);
    const second = await listed(ctx, seller, { ...goods, price: 120 });
    expect(await search(buyer.cookie)).toEqual([second, first]);

    expect((await buy(ctx, buyer.cookie, first)).status).toBe(200);
    expect(await search(buyer.cookie)).toEqual([second]);
    expect((await cancel(ctx.app, seller.cookie, second)).status).toBe(200);
    expect(await search(buyer.cookie)).toEqual([]);
  });
});
