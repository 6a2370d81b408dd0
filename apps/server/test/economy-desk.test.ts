import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TraderQuote, TraderQuotes } from '@aleph/contracts';
import { traderBuyPrice, traderSellPrice } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { pressureCache } from '../src/modules/economy/trader-store.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import { balances, economyPlayer, newKey } from './economy-helpers.js';

/**
 * The trader's desk books the parallel trades of one good together (docs/decisions/0012).
 * Whatever arrives together, every trade is priced by the formula on the pressure the trade
 * before it left, and a refusal in the crowd changes nothing for the others. The test clock
 * stands still, so the pressure only moves with trades.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Player = Awaited<ReturnType<typeof economyPlayer>>;
const CROWD = process.env.TEST_DATABASE_URL ? 48 : 12;

async function quote(p: Player, code: string): Promise<TraderQuote> {
  const q = (await p.api.get('/souq/trader')).body as TraderQuotes;
  return q.quotes.find((x) => x.code === code)!;
}

/** The good's trades in booking order, replayed through the formula from pressure `start`. */
async function expectPricedInOrder(code: string, reference: number, start: number) {
  const trades = await queryRows<{
    side: 'sell' | 'buy';
    quantity: number;
    unit_price: number;
    total: string;
    pressure: number;
  }>(
    ctx.database.db,
    sql`select side, quantity, unit_price, total, pressure from trader_trades
        where good = ${`item:${code}`} order by id`,
  );
  let p = start;
  for (const t of trades) {
    const q = Number(t.quantity);
    let total = 0;
    if (t.side === 'sell') {
      expect(Number(t.unit_price)).toBe(traderBuyPrice(reference, p));
      for (let i = 0; i < q; i++) total += traderBuyPrice(reference, p + i);
      p += q;
    } else {
      expect(Number(t.unit_price)).toBe(traderSellPrice(reference, p));
      for (let i = 0; i < q; i++) total += traderSellPrice(reference, Math.max(0, p - i));
      p = Math.max(0, p - q);
    }
    expect(Number(t.total)).toBe(total);
    expect(Number(t.pressure)).toBe(p);
  }
  const [row] = await queryRows<{ pressure: number }>(
    ctx.database.db,
    sql`select pressure from trader_pressure where good = ${`item:${code}`}`,
  );
  expect(Number(row!.pressure)).toBe(p);
  return trades;
}

describe('the trader desk', () => {
  it(`${CROWD} parallel sellers at the price floor all sell at once, books exact`, async () => {
    const sellers: Player[] = [];
    for (let i = 0; i < CROWD; i++) {
      sellers.push(await economyPlayer(ctx, { land: { items: { SEAL_EARTH: 3 } } }));
    }
    await ctx.database.db.execute(
      sql`insert into trader_pressure (good, pressure, at) values ('item:SEAL_EARTH', 1000, ${ctx.clock.now()})`,
    );
    // Written behind the server's back: its quotes would show it within a second.
    pressureCache(ctx.database.db).wrote();
    expect((await quote(sellers[0]!, 'SEAL_EARTH')).buyPrice).toBe(1);
    const answers = await Promise.all(
      sellers.map((s) =>
        s.send('/souq/trader/sell', {
          landid: s.landid,
          kind: 'item',
          code: 'SEAL_EARTH',
          quantity: 2,
          price: 1,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(sellers.map(() => 200));
    for (const s of sellers) {
      expect(await balances(ctx, s.profileId, s.landid, 'SEAL_EARTH')).toMatchObject({
        gold: 2,
        items: 1,
      });
    }
    const trades = await expectPricedInOrder('SEAL_EARTH', 1500, 1000);
    expect(trades).toHaveLength(CROWD);
    await expectBooksBalanced(ctx);
  });

  it('buyers and sellers of one good in parallel: each trade priced on the one before', async () => {
    const players: Player[] = [];
    for (let i = 0; i < CROWD; i++) {
      players.push(await economyPlayer(ctx, { gold: 20_000, land: { items: { SEAL_AIR: 2 } } }));
    }
    // Every player keeps trading at the price they were last told until one trade goes through.
    const once = async (p: Player, i: number) => {
      const side = i % 3 === 0 ? 'buy' : 'sell';
      let q = await quote(p, 'SEAL_AIR');
      for (;;) {
        const res = await p.send(`/souq/trader/${side}`, {
          landid: p.landid,
          kind: 'item',
          code: 'SEAL_AIR',
          quantity: 1 + (i % 2),
          price: side === 'buy' ? q.sellPrice : q.buyPrice,
        });
        if (res.status === 200) return side;
        expect(res).toMatchObject({ status: 409, body: { code: 'TRADER_STALE_QUOTE' } });
        q = res.body.quote as TraderQuote;
      }
    };
    const sides = await Promise.all(players.map(once));
    const trades = await expectPricedInOrder('SEAL_AIR', 1500, 0);
    expect(trades).toHaveLength(CROWD);
    expect(trades.filter((t) => t.side === 'buy')).toHaveLength(
      sides.filter((s) => s === 'buy').length,
    );
    await expectBooksBalanced(ctx);
  });

  it('refusals in a crowd change nothing, and a retried key in it pays once', async () => {
    const code = 'TOWER_STONE';
    const sellers: Player[] = [];
    for (let i = 0; i < CROWD; i++) {
      sellers.push(await economyPlayer(ctx, { land: { items: { [code]: 4 } } }));
    }
    const empty = await economyPlayer(ctx);
    const retried = sellers[0]!;
    const first = (await quote(retried, code)).buyPrice;
    const body = (p: Player, price: number) => ({
      landid: p.landid,
      kind: 'item',
      code,
      quantity: 1,
      price,
    });
    const key = newKey();
    const [twins, refused, crowd] = await Promise.all([
      // The same key three times at once: one trade, one answer.
      Promise.all(
        [0, 1, 2].map(() => retried.send('/souq/trader/sell', body(retried, first), key)),
      ),
      // Nothing to sell, and another player's land.
      Promise.all([
        empty.send('/souq/trader/sell', body(empty, first)),
        empty.send('/souq/trader/sell', { ...body(empty, first), landid: sellers[1]!.landid }),
      ]),
      // The others, each selling twice at once under two keys, re-quoting when stale.
      Promise.all(
        sellers.slice(1).flatMap((s) =>
          [0, 1].map(async () => {
            let price = first;
            for (;;) {
              const res = await s.send('/souq/trader/sell', body(s, price));
              if (res.status === 200) return res;
              expect(res.status).toBe(409);
              price = (res.body.quote as TraderQuote).buyPrice;
            }
          }),
        ),
      ),
    ]);
    expect(twins.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(twins.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(refused.map((a) => a.status)).toEqual([409, 404]);
    expect(refused[0]!.body.code).toBe('NOT_ENOUGH_GOODS');
    expect(crowd.every((a) => a.status === 200)).toBe(true);
    expect(await balances(ctx, retried.profileId, retried.landid, code)).toMatchObject({
      items: 3,
    });
    for (const s of sellers.slice(1)) {
      expect((await balances(ctx, s.profileId, s.landid, code)).items).toBe(2);
    }
    expect(await balances(ctx, empty.profileId, empty.landid, code)).toMatchObject({
      gold: 0,
      items: 0,
    });
    const trades = await expectPricedInOrder(code, 400, 0);
    expect(trades).toHaveLength(1 + 2 * (CROWD - 1));
    await expectBooksBalanced(ctx);
  });

  it("knows the day's sales another process booked: the cap still holds", async () => {
    const p = await economyPlayer(ctx, { land: { items: { SKILL_POT: 3 } } });
    const sell = async () => {
      const price = (await quote(p, 'SKILL_POT')).buyPrice;
      return p.send('/souq/trader/sell', {
        landid: p.landid,
        kind: 'item',
        code: 'SKILL_POT',
        quantity: 1,
        price,
      });
    };
    expect((await sell()).status).toBe(200);
    // Another server process's sale of 19,900 gold: its trade row and the gold it paid, which
    // moves the player's state version as every sale does.
    const now = ctx.clock.now();
    await ctx.database.db.execute(
      sql`insert into trader_trades (profile_id, land_id, good, side, quantity, unit_price, total, pressure, created_at)
          values (${p.profileId}, ${p.landid}, 'item:ANCIENT_SCROLL', 'sell', 8, 2500, 19900, 8, ${now})`,
    );
    await grantToProfile(ctx.database.db, p.profileId, { gold: 19_900 }, now);
    expect(await sell()).toMatchObject({ status: 409, body: { code: 'TRADER_DAILY_CAP' } });
    await expectBooksBalanced(ctx);
  });
});
