import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { proceeds } from '@aleph/rules';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { settleDueListings } from '../src/modules/bazaar/settle.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, expectBooksBalanced } from './game-helpers.js';
import { trader, treasury, type Trader } from './bazaar-test-kit.js';
import {
  bid,
  buy,
  eventsOf,
  heroAuction,
  heroRow,
  holdsOf,
  inboxOf,
  listed,
  listingRow,
} from './bazaar-trade-kit.js';

/**
 * The Bazaar's races. On PostgreSQL (TEST_DATABASE_URL) the parallel requests really race on
 * separate connections, and a second process's pool ends auctions beside the first's; PGlite
 * runs one transaction at a time, so there the same tests run smaller.
 */
const PG = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
let second: Database | undefined;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  second = ctx.databaseUrl
    ? await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 5 })
    : undefined;
});
afterAll(async () => {
  await second?.close();
  await ctx.close();
});

async function traders(n: number, gold = 10_000): Promise<Trader[]> {
  const list: Trader[] = [];
  for (let i = 0; i < n; i++) list.push(await trader(ctx, { gold, secondLand: false }));
  return list;
}

describe('bazaar races', () => {
  const BUYERS = PG ? 100 : 12;
  it(`${BUYERS} parallel buyers of one listing: exactly one sale, every other a clear 409`, async () => {
    const seller = await trader(ctx);
    const buyers = await traders(BUYERS);
    const id = await listed(ctx, seller, { kind: 'hero', heroid: seller.heroid, price: 2000 });
    const s0 = await treasury(ctx, seller.id);
    const before = await Promise.all(buyers.map((b) => treasury(ctx, b.id)));

    const answers = await Promise.all(buyers.map((b) => buy(ctx, b.cookie, id)));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((a) => [a.status, a.body.code])).toEqual(
      lost.map(() => [409, 'LISTING_CLOSED']),
    );
    const winner = buyers.findIndex((_, i) => answers[i]!.status === 200);
    for (const [i, b] of buyers.entries()) {
      const expected = i === winner ? before[i]!.gold - 2000 : before[i]!.gold;
      expect((await treasury(ctx, b.id)).gold).toBe(expected);
    }
    expect((await treasury(ctx, seller.id)).gold).toBe(s0.gold + proceeds(2000));
    expect((await heroRow(ctx, seller.heroid)).owner_id).toBe(buyers[winner]!.id);
    expect(await eventsOf(ctx, seller.id, 'bazaar.sold')).toHaveLength(1);
    await expectBooksBalanced(ctx);
  });

  const BIDDERS = PG ? 20 : 8;
  it(`${BIDDERS} parallel bids of rising amounts: the highest leads, every other hold is released`, async () => {
    const seller = await trader(ctx);
    const bidders = await traders(BIDDERS);
    const id = await heroAuction(ctx, seller, 1000);
    // Each amount beats the one below by 6 %: the highest is valid whenever it arrives.
    const amounts = bidders.map((_, i) => Math.round(1000 * 1.06 ** i));
    const top = amounts[amounts.length - 1]!;
    const before = await Promise.all(bidders.map((b) => treasury(ctx, b.id)));

    const answers = await Promise.all(bidders.map((b, i) => bid(ctx, b.cookie, id, amounts[i])));
    for (const a of answers) {
      if (a.status !== 200) expect([a.status, a.body.code]).toEqual([409, 'BID_TOO_LOW']);
    }
    expect(answers[answers.length - 1]!.status).toBe(200);
    const row = await listingRow(ctx, id);
    expect([Number(row.current_bid), row.bidder_id]).toEqual([
      top,
      bidders[bidders.length - 1]!.id,
    ]);
    expect(row.bid_count).toBe(answers.filter((a) => a.status === 200).length);
    expect(await holdsOf(ctx, id)).toEqual({ count: 1, total: top });
    for (const [i, b] of bidders.entries()) {
      const held = i === bidders.length - 1 ? top : 0;
      expect((await treasury(ctx, b.id)).gold).toBe(before[i]!.gold - held);
    }
    // Every accepted bid but the leader's told its bidder they were outbid.
    const outbid = await Promise.all(bidders.map((b) => eventsOf(ctx, b.id, 'bazaar.outbid')));
    expect(outbid.flat()).toHaveLength(row.bid_count - 1);
    await expectBooksBalanced(ctx);
  });

  it('auctions ended by two processes at once: each sold once, one set of notices', async () => {
    const n = PG ? 30 : 5;
    const sellers = await traders(n);
    const [x, y] = await traders(2, 1_000_000);
    const ids: number[] = [];
    for (const [i, s] of sellers.entries()) {
      const id = await heroAuction(ctx, s, 100);
      expect((await bid(ctx, (i % 2 ? x : y)!.cookie, id, 100 + i)).status).toBe(200);
      ids.push(id);
    }
    const before = { x: await treasury(ctx, x!.id), y: await treasury(ctx, y!.id) };
    ctx.clock.advance(DAY + 1);
    const at = ctx.clock.now();
    const other = second ?? ctx.database;
    // Earlier tests' auctions fall due too: every due listing ends once, in one call or another.
    const [due] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from bazaar_listings where status = 'open' and ends_at <= ${at}`,
    );
    expect(due!.n).toBeGreaterThanOrEqual(n);
    const ended = await Promise.all([
      settleDueListings(ctx.database.db, at, 500),
      settleDueListings(other.db, at, 500),
      settleDueListings(ctx.database.db, at, 7),
    ]);
    expect(ended.reduce((a, b) => a + b, 0)).toBe(due!.n);
    for (const [i, id] of ids.entries()) {
      const s = sellers[i]!;
      expect((await listingRow(ctx, id)).status).toBe('sold');
      expect(await eventsOf(ctx, s.id, 'bazaar.sold')).toHaveLength(1);
      expect(await inboxOf(ctx, s.id, 'Sold on the Bazaar')).toHaveLength(1);
    }
    const bought =
      (await eventsOf(ctx, x!.id, 'bazaar.bought')).length +
      (await eventsOf(ctx, y!.id, 'bazaar.bought')).length;
    expect(bought).toBe(n);
    // The holds were the payment: nothing more left the winners' treasuries.
    expect(await treasury(ctx, x!.id)).toEqual(before.x);
    expect(await treasury(ctx, y!.id)).toEqual(before.y);
    await expectBooksBalanced(ctx);
  });
});
