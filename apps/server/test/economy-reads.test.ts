import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraderQuotes } from '@aleph/contracts';
import { createTestContext, type TestContext } from './helpers.js';
import { economyPlayer } from './economy-helpers.js';

/**
 * The economy's reads are kept and encoded once (docs/performance.md, Gold economy): a browser
 * still gets the same answer, compressed as it asked, and sees its own changes at once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PATHS = ['/souq/trader', '/souq/secret', '/hadath/luckycoin'];

describe('the economy reads', () => {
  it('answer the same JSON plain, brotli and gzip, as the browser asks', async () => {
    const p = await economyPlayer(ctx, { land: { items: { LUCKY_COIN: 2 } } });
    for (const url of PATHS) {
      const get = (encoding?: string) =>
        ctx.app.inject({
          method: 'GET',
          url,
          headers: { cookie: p.cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        });
      const plain = await get();
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const json = plain.json();
      const br = await get('gzip, deflate, br, zstd');
      const gzip = await get('gzip');
      if (plain.rawPayload.length >= 1024) {
        expect(br.headers['content-encoding']).toBe('br');
        expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
      } else {
        expect(br.json()).toEqual(json);
      }
      expect((await get('identity')).json()).toEqual(json);
    }
  });

  it("show a player's sale at once: the new price and the cap left", async () => {
    const p = await economyPlayer(ctx, { land: { items: { SEAL_FIRE: 1 } } });
    const before = (await p.api.get('/souq/trader')).body as TraderQuotes;
    const seal = before.quotes.find((q) => q.code === 'SEAL_FIRE')!;
    const sale = await p.send('/souq/trader/sell', {
      landid: p.landid,
      kind: 'item',
      code: 'SEAL_FIRE',
      quantity: 1,
      price: seal.buyPrice,
    });
    expect(sale.status).toBe(200);
    const after = (await p.api.get('/souq/trader')).body as TraderQuotes;
    expect(after.quotes.find((q) => q.code === 'SEAL_FIRE')!.buyPrice).toBe(
      sale.body.quote.buyPrice,
    );
    expect(after.capLeft).toBe(before.capLeft - seal.buyPrice);
  });
});
