import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import { trader, treasury } from './bazaar-test-kit.js';
import {
  bid,
  eventsOf,
  heroAuction,
  holdsOf,
  inboxOf,
  ledgerOf,
  listed,
  listingRow,
} from './bazaar-trade-kit.js';

/** Bidding on the Bazaar (docs/api.md, Bazaar): POST /souq/bazaar/listings/{id}/bids. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const endsAt = async (id: number) => new Date((await listingRow(ctx, id)).ends_at).getTime();

describe('bids', () => {
  it('a bid is held; an outbid leader has it back at once and is told; a leader may raise their own bid', async () => {
    const seller = await trader(ctx);
    const [a, b] = [await trader(ctx), await trader(ctx)];
    const id = await heroAuction(ctx, seller, 1000);
    const [a0, b0] = [await treasury(ctx, a.id), await treasury(ctx, b.id)];

    const first = await bid(ctx, a.cookie, id, 1000);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.gold).toBe(a0.gold - 1000);
    expect(first.body.listing).toMatchObject({ price: 1000, leading: true });
    expect(first.body.listing.auction).toMatchObject({
      currentBid: 1000,
      bids: 1,
      minNextBid: 1050,
    });

    const low = await bid(ctx, b.cookie, id, 1049);
    expect([low.status, low.body.code, low.body.field]).toEqual([409, 'BID_TOO_LOW', 'amount']);
    expect(low.body.message).toContain('1050');

    const second = await bid(ctx, b.cookie, id, 1050);
    expect(second.status).toBe(200);
    expect((await treasury(ctx, a.id)).gold).toBe(a0.gold);
    expect((await treasury(ctx, b.id)).gold).toBe(b0.gold - 1050);
    expect(await eventsOf(ctx, a.id, 'bazaar.outbid')).toEqual([
      expect.objectContaining({ listingid: id, kind: 'hero', amount: 1050 }),
    ]);
    expect(await inboxOf(ctx, a.id, 'Outbid on the Bazaar')).toHaveLength(1);

    // B raises their own lead: the old hold comes back, the new one is held, nobody is told.
    const raise = await bid(ctx, b.cookie, id, 1200);
    expect(raise.status).toBe(200);
    expect((await treasury(ctx, b.id)).gold).toBe(b0.gold - 1200);
    expect(await eventsOf(ctx, b.id, 'bazaar.outbid')).toEqual([]);
    expect(await holdsOf(ctx, id)).toEqual({ count: 1, total: 1200 });
    expect(await ledgerOf(ctx, id)).toMatchObject({ 'bazaar:bid': -3250, 'bazaar:release': 2050 });
    expect((await listingRow(ctx, id)).bid_count).toBe(3);
    await expectBooksBalanced(ctx);
  });

  it('refused: a fixed price, own listing, short of gold, at or above buy-now, bad input; nothing changes', async () => {
    const seller = await trader(ctx);
    const poor = await trader(ctx, { gold: 50 });
    const bidder = await trader(ctx);
    const fixed = await listed(ctx, seller, { kind: 'hero', heroid: seller.heroid, price: 100 });
    const auction = await listed(ctx, seller, {
      kind: 'goods',
      landid: seller.landid,
      item: 'SKILL_POT',
      quantity: 2,
      auction: { startPrice: 100, buyNow: 500, days: 3 },
    });
    const ledger = async () =>
      (
        await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from ledger`)
      )[0]!.n;
    const before = { ledger: await ledger(), row: await listingRow(ctx, auction) };

    const cases: Array<[string, number | string, unknown, number, string, string?]> = [
      ['fixed price', fixed, 100, 409, 'NOT_AN_AUCTION'],
      ['own', auction, 100, 409, 'OWN_LISTING'],
      ['poor', auction, 100, 409, 'NOT_ENOUGH_GOLD'],
      ['at buy-now', auction, 500, 400, 'VALIDATION_ERROR', 'amount'],
      ['missing', 2_000_000, 100, 404, 'LISTING_NOT_FOUND'],
      ['text', auction, 'lots', 400, 'VALIDATION_ERROR', 'amount'],
      ['zero', auction, 0, 400, 'VALIDATION_ERROR', 'amount'],
      ['fraction', auction, 100.5, 400, 'VALIDATION_ERROR', 'amount'],
      ['bad id', 'x', 100, 400, 'VALIDATION_ERROR', 'id'],
    ];
    for (const [name, id, amount, status, code, field] of cases) {
      const who = name === 'own' ? seller : name === 'poor' ? poor : bidder;
      const res = await bid(ctx, who.cookie, id, amount);
      expect([res.status, res.body.code], name).toEqual([status, code]);
      if (field) expect(res.body.field, name).toBe(field);
    }
    expect(await ledger()).toBe(before.ledger);
    expect(await listingRow(ctx, auction)).toEqual(before.row);
  });

  it("a leader's raise counts their held bid: a treasury of exactly the new amount is enough", async () => {
    const seller = await trader(ctx);
    const leader = await trader(ctx, { gold: 1000, platinum: 0 });
    const id = await heroAuction(ctx, seller, 600);
    expect((await bid(ctx, leader.cookie, id, 600)).status).toBe(200);
    const raise = await bid(ctx, leader.cookie, id, 1000);
    expect(raise.status, JSON.stringify(raise.body)).toBe(200);
    expect(raise.body.gold).toBe(0);
    const over = await bid(ctx, leader.cookie, id, 1050);
    expect([over.status, over.body.code]).toEqual([409, 'NOT_ENOUGH_GOLD']);
    expect(await holdsOf(ctx, id)).toEqual({ count: 1, total: 1000 });
    await expectBooksBalanced(ctx);
  });

  it('anti-sniping: a bid in the last 5 minutes moves the end to 5 minutes after it; an earlier one does not', async () => {
    const seller = await trader(ctx);
    const [a, b] = [await trader(ctx), await trader(ctx)];
    const id = await heroAuction(ctx, seller, 100);
    const end = await endsAt(id);

    ctx.clock.set(new Date(end - 10 * MINUTE));
    expect((await bid(ctx, a.cookie, id, 100)).status).toBe(200);
    expect(await endsAt(id)).toBe(end);

    ctx.clock.set(new Date(end - 2 * MINUTE));
    const late = await bid(ctx, b.cookie, id, 105);
    expect(late.status).toBe(200);
    const moved = ctx.clock.now().getTime() + 5 * MINUTE;
    expect(await endsAt(id)).toBe(moved);
    expect(new Date(late.body.listing.endsAt).getTime()).toBe(moved);

    // After the moved end no bid is taken.
    ctx.clock.set(new Date(moved));
    const after = await bid(ctx, a.cookie, id, 200);
    expect([after.status, after.body.code]).toEqual([409, 'LISTING_CLOSED']);
    await expectBooksBalanced(ctx);
  });
});
