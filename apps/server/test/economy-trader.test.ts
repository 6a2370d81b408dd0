import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraderQuote, TraderQuotes, TradeResult } from '@aleph/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import { balances, economyPlayer, newKey } from './economy-helpers.js';

/** The Greedy trader (docs/game-rules.md, Gold economy; docs/api.md, /souq/trader). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const quoteOf = (q: TraderQuotes, code: string) => q.quotes.find((x) => x.code === code)!;

describe('GET /souq/trader', () => {
  it('is locked below level 7 with the locked text', async () => {
    const { api, send, landid } = await economyPlayer(ctx, { level: 6 });
    const locked = {
      status: 403,
      body: { message: 'You need to upgrade your profile to at least level seven.' },
    };
    expect(await api.get('/souq/trader')).toMatchObject(locked);
    const body = { landid, kind: 'item', code: 'TOWER_STONE', quantity: 1, price: 400 };
    expect(await send('/souq/trader/sell', body)).toMatchObject(locked);
  });

  it('quotes every good at the reference price with the full daily cap', async () => {
    const { api } = await economyPlayer(ctx);
    const res = await api.get('/souq/trader');
    expect(res.status).toBe(200);
    const quotes = res.body as TraderQuotes;
    expect(quotes.capLeft).toBe(20_000);
    const scroll = quoteOf(quotes, 'ANCIENT_SCROLL');
    expect(scroll).toMatchObject({ name: 'Ancient Scroll', buyPrice: 2500, sellPrice: 3750 });
    expect(quotes.quotes.filter((q) => q.kind === 'elemental')).toHaveLength(4);
    expect(quotes.quotes.find((q) => q.kind === 'shard' && q.elemid === 2)?.name).toBe(
      'Water shards',
    );
  });
});

describe('selling to and buying from the trader', () => {
  it('pays the quote, moves the price down 2% per unit, and books everything', async () => {
    const seller = await economyPlayer(ctx, { land: { items: { SEAL_FIRE: 3 } } });
    const quote = quoteOf((await seller.api.get('/souq/trader')).body as TraderQuotes, 'SEAL_FIRE');
    const body = { landid: seller.landid, kind: 'item', code: 'SEAL_FIRE', quantity: 2 };
    const res = await seller.send('/souq/trader/sell', { ...body, price: quote.buyPrice });
    expect(res.status).toBe(200);
    const sale = res.body as TradeResult;
    // Nobody has sold Fire Seals in this world: 1,500 for the first, 2% less for the second.
    expect(quote.buyPrice).toBe(1500);
    expect(sale.total).toBe(1500 + 1470);
    expect(sale.quote).toMatchObject({ buyPrice: 1440, sellPrice: 2161 });
    expect(sale.capLeft).toBe(20_000 - sale.total);
    const after = await balances(ctx, seller.profileId, seller.landid, 'SEAL_FIRE');
    expect(after).toMatchObject({ gold: sale.total, items: 1 });
    // The first sale earns the Merchant achievement (docs/game-rules.md, Achievements).
    const earned = await queryRows<{ code: string }>(
      ctx.database.db,
      sql`select code from achievements_earned where profile_id = ${seller.profileId}`,
    );
    expect(earned.map((e) => e.code)).toContain('TRADER_1');
    // The player's open pages hear of it: the treasury and the land changed.
    const events = await queryRows<{ type: string }>(
      ctx.database.db,
      sql`select type from player_events where profile_id = ${seller.profileId}`,
    );
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['profile.changed', 'land.changed']),
    );
    await expectBooksBalanced(ctx);
  });

  it('refuses a stale quote with 409 and the new price, changing nothing', async () => {
    const a = await economyPlayer(ctx, { land: { items: { SEAL_WATER: 2 } } });
    const quote = quoteOf((await a.api.get('/souq/trader')).body as TraderQuotes, 'SEAL_WATER');
    const body = { landid: a.landid, kind: 'item', code: 'SEAL_WATER', quantity: 1 };
    expect((await a.send('/souq/trader/sell', { ...body, price: quote.buyPrice })).status).toBe(
      200,
    );
    const stale = await a.send('/souq/trader/sell', { ...body, price: quote.buyPrice });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('TRADER_STALE_QUOTE');
    const fresh = stale.body.quote as TraderQuote;
    expect(fresh.buyPrice).toBeLessThan(quote.buyPrice);
    expect((await balances(ctx, a.profileId, a.landid, 'SEAL_WATER')).items).toBe(1);
    expect((await a.send('/souq/trader/sell', { ...body, price: fresh.buyPrice })).status).toBe(
      200,
    );
  });

  it('answers a retried key with the first answer and never pays twice', async () => {
    const a = await economyPlayer(ctx, { land: { items: { TOWER_STONE: 5 } } });
    const quote = quoteOf((await a.api.get('/souq/trader')).body as TraderQuotes, 'TOWER_STONE');
    const body = {
      landid: a.landid,
      kind: 'item',
      code: 'TOWER_STONE',
      quantity: 1,
      price: quote.buyPrice,
    };
    const key = newKey();
    const first = await a.send('/souq/trader/sell', body, key);
    const again = await a.send('/souq/trader/sell', body, key);
    expect(again).toEqual(first);
    expect((await balances(ctx, a.profileId, a.landid, 'TOWER_STONE')).items).toBe(4);
    const other = await a.send('/souq/trader/sell', { ...body, quantity: 2 }, key);
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });

  it('sells to a player at 1.5x and refuses without the gold', async () => {
    const rich = await economyPlayer(ctx, { gold: 5000 });
    const q = quoteOf((await rich.api.get('/souq/trader')).body as TraderQuotes, 'SKILL_POT');
    const body = {
      landid: rich.landid,
      kind: 'item',
      code: 'SKILL_POT',
      quantity: 1,
      price: q.sellPrice,
    };
    expect(q.sellPrice).toBe(Math.ceil(q.buyPrice * 1.5));
    const res = await rich.send('/souq/trader/buy', body);
    expect(res.status).toBe(200);
    expect(await balances(ctx, rich.profileId, rich.landid, 'SKILL_POT')).toMatchObject({
      gold: 5000 - q.sellPrice,
      items: 1,
    });
    const poor = await economyPlayer(ctx, { gold: 10 });
    const refused = await poor.send('/souq/trader/buy', { ...body, landid: poor.landid });
    expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_ENOUGH_GOLD' } });
    expect((await balances(ctx, poor.profileId, poor.landid, 'SKILL_POT')).gold).toBe(10);
    await expectBooksBalanced(ctx);
  });

  it('trades shards and lots of elementals', async () => {
    const a = await economyPlayer(ctx, {
      land: { shards: { element: 1, amount: 4 }, elementals: { element: 0, amount: 500 } },
    });
    const quotes = (await a.api.get('/souq/trader')).body as TraderQuotes;
    const shard = quotes.quotes.find((q) => q.kind === 'shard' && q.elemid === 1)!;
    const lot = quotes.quotes.find((q) => q.kind === 'elemental' && q.elemid === 0)!;
    const base = { landid: a.landid, quantity: 2 };
    expect(
      (
        await a.send('/souq/trader/sell', {
          ...base,
          kind: 'shard',
          elemid: 1,
          price: shard.buyPrice,
        })
      ).status,
    ).toBe(200);
    const sold = await a.send('/souq/trader/sell', {
      ...base,
      kind: 'elemental',
      elemid: 0,
      price: lot.buyPrice,
    });
    expect(sold.status).toBe(200);
    const more = await a.send('/souq/trader/sell', {
      ...base,
      kind: 'shard',
      elemid: 1,
      quantity: 3,
      price: 1,
    });
    expect(more).toMatchObject({ status: 409, body: { code: 'NOT_ENOUGH_GOODS' } });
    await expectBooksBalanced(ctx);
  });

  it("refuses bad input naming the field, and another player's land with 404", async () => {
    const a = await economyPlayer(ctx, { land: { items: { TOWER_STONE: 1 } } });
    const b = await economyPlayer(ctx);
    const body = { landid: a.landid, kind: 'item', code: 'TOWER_STONE', quantity: 1, price: 400 };
    expect(await a.send('/souq/trader/sell', { ...body, quantity: 0 })).toMatchObject({
      status: 400,
      body: { field: 'quantity' },
    });
    expect(await a.send('/souq/trader/sell', { ...body, code: 'GOLD_BAR' })).toMatchObject({
      status: 400,
      body: { field: 'code' },
    });
    expect(await a.send('/souq/trader/sell', { ...body, kind: 'shard' })).toMatchObject({
      status: 400,
      body: { field: 'elemid' },
    });
    expect(await a.send('/souq/trader/sell', body, 'short')).toMatchObject({
      status: 400,
      body: { field: 'idempotency-key' },
    });
    expect(await b.send('/souq/trader/sell', body)).toMatchObject({ status: 404 });
  });

  it('stops paying at 20,000 gold a day per player', async () => {
    const a = await economyPlayer(ctx, { land: { items: { ANCIENT_SCROLL: 12 } } });
    let refused = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const q = quoteOf((await a.api.get('/souq/trader')).body as TraderQuotes, 'ANCIENT_SCROLL');
      const res = await a.send('/souq/trader/sell', {
        landid: a.landid,
        kind: 'item',
        code: 'ANCIENT_SCROLL',
        quantity: 1,
        price: q.buyPrice,
      });
      if (res.status !== 200) refused = res;
    }
    expect(refused).toMatchObject({ status: 409, body: { code: 'TRADER_DAILY_CAP' } });
    const quotes = (await a.api.get('/souq/trader')).body as TraderQuotes;
    expect(quotes.capLeft).toBeLessThan(2500);
    expect((await balances(ctx, a.profileId, a.landid, 'ANCIENT_SCROLL')).gold).toBe(
      20_000 - quotes.capLeft,
    );
  });
});
