import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SecretMarket, TraderQuote, TraderQuotes } from '@aleph/contracts';
import { traderBuyPrice } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { openLuckyEvent } from '../src/modules/economy/lucky.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import { balances, economyPlayer, newKey } from './economy-helpers.js';

/**
 * Races of the gold economy. On PostgreSQL (TEST_DATABASE_URL) the parallel requests really
 * race on separate connections; the test clock stands still, so the trader's pressure only
 * moves with sales.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Seller = Awaited<ReturnType<typeof economyPlayer>>;
/** PGlite runs one statement at a time: the full race is for PostgreSQL. */
const SELLERS = process.env.TEST_DATABASE_URL ? 64 : 12;

/** Sells one unit, re-quoting on every stale answer, as a player would. */
async function sellUntilDone(s: Seller, first: number): Promise<number> {
  let price = first;
  for (;;) {
    const body = { landid: s.landid, kind: 'item', code: 'ANCIENT_SCROLL', quantity: 1, price };
    const res = await s.send('/souq/trader/sell', body);
    if (res.status === 200) return res.body.unitPrice as number;
    expect(res.status).toBe(409);
    price = (res.body.quote as TraderQuote).buyPrice;
  }
}

describe('economy races', () => {
  it(`${SELLERS} parallel sellers of one item: each sale at the price of its place, no lost update`, async () => {
    const sellers: Seller[] = [];
    for (let i = 0; i < SELLERS; i++) {
      sellers.push(await economyPlayer(ctx, { land: { items: { ANCIENT_SCROLL: 1 } } }));
    }
    const quotes = (await sellers[0]!.api.get('/souq/trader')).body as TraderQuotes;
    const first = quotes.quotes.find((q) => q.code === 'ANCIENT_SCROLL')!.buyPrice;
    const paid = await Promise.all(sellers.map((s) => sellUntilDone(s, first)));
    const trades = await queryRows<{ unit_price: number; pressure: number }>(
      ctx.database.db,
      sql`select unit_price, pressure from trader_trades where good = 'item:ANCIENT_SCROLL' order by id`,
    );
    expect(trades).toHaveLength(SELLERS);
    trades.forEach((t, i) => {
      expect(Number(t.unit_price)).toBe(traderBuyPrice(2500, i));
      expect(Number(t.pressure)).toBe(i + 1);
    });
    expect(paid.sort((a, b) => b - a)).toEqual(trades.map((t) => Number(t.unit_price)));
    const [row] = await queryRows<{ pressure: number }>(
      ctx.database.db,
      sql`select pressure from trader_pressure where good = 'item:ANCIENT_SCROLL'`,
    );
    expect(Number(row!.pressure)).toBe(SELLERS);
    await expectBooksBalanced(ctx);
  });

  it('a retried sale with the same key, sent 10 times at once, pays once', async () => {
    const s = await economyPlayer(ctx, { land: { items: { TOWER_STONE: 3 } } });
    const q = ((await s.api.get('/souq/trader')).body as TraderQuotes).quotes.find(
      (x) => x.code === 'TOWER_STONE',
    )!;
    const body = {
      landid: s.landid,
      kind: 'item',
      code: 'TOWER_STONE',
      quantity: 1,
      price: q.buyPrice,
    };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => s.send('/souq/trader/sell', body, key)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await balances(ctx, s.profileId, s.landid, 'TOWER_STONE')).toMatchObject({
      gold: q.buyPrice,
      items: 2,
    });
  });

  it('20 parallel buys of one secret offer: exactly one sale', async () => {
    const s = await economyPlayer(ctx, { gold: 100_000, platinum: 1000 });
    const offer = ((await s.api.get('/souq/secret')).body as SecretMarket).offers[0]!;
    const before = await balances(ctx, s.profileId, s.landid, 'TOWER_STONE');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.send(`/souq/secret/${offer.id}/buy`, { landid: s.landid }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'OFFER_SOLD')).toHaveLength(
      19,
    );
    const after = await balances(ctx, s.profileId, s.landid, 'TOWER_STONE');
    expect(before.gold - after.gold).toBe(offer.gold);
    expect(before.platinum - after.platinum).toBe(offer.platinum);
    await expectBooksBalanced(ctx);
  });

  it('parallel tosses never toss more coins than the land holds', async () => {
    await openLuckyEvent(ctx.database.db, ctx.clock.now(), 2, 'race test');
    const s = await economyPlayer(ctx, { land: { items: { LUCKY_COIN: 3 } } });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => s.send('/hadath/luckycoin/toss', { landid: s.landid })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(
      answers.filter((a) => a.status === 409 && a.body.code === 'NO_LUCKY_COINS'),
    ).toHaveLength(9);
    expect((await balances(ctx, s.profileId, s.landid, 'LUCKY_COIN')).items).toBe(0);
    await expectBooksBalanced(ctx);
  });
});
