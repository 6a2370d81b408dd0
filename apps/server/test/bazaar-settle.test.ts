import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proceeds } from '@aleph/rules';
import { startSettlementWorker } from '../src/jobs/settlement-worker.js';
import { settleDueListings } from '../src/modules/bazaar/settle.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, expectBooksBalanced } from './game-helpers.js';
import {
  getListing,
  goodsLot,
  landItem,
  LONG_SESSIONS,
  trader,
  treasury,
} from './bazaar-test-kit.js';
import {
  biddenAuction,
  buy,
  elementalsListed,
  eventsOf,
  grantElementals,
  heroAuction,
  heroRow,
  holdsOf,
  inboxOf,
  ledgerOf,
  listed,
  listingRow,
  placeBids,
} from './bazaar-trade-kit.js';

/** The end of listings (docs/game-rules.md, Bazaar): auctions sold, the rest expired. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(LONG_SESSIONS);
});
afterAll(() => ctx.close());

const quietLog = { debug: () => undefined, error: () => undefined };
/** Past the end of every listing made so far (1-day auctions, 7-day fixed prices). */
const passEnds = () => ctx.clock.advance(7 * DAY + 1);
/** One drain of the due listings, as the worker's would run now. */
const settleNow = () => settleDueListings(ctx.database.db, ctx.clock.now(), 100);

describe('auctions ending', () => {
  it('the leading bid buys the hero: no second debit, the seller gets its proceeds, both are told', async () => {
    const seller = await trader(ctx);
    const [a, b] = [await trader(ctx), await trader(ctx)];
    const id = await biddenAuction(ctx, seller, { startPrice: 800 }, [a, 800], [b, 900]);
    const before = {
      seller: await treasury(ctx, seller.id),
      a: await treasury(ctx, a.id),
      b: await treasury(ctx, b.id),
    };

    passEnds();
    // The worker's drain ends it (alongside missions and workflows).
    const worker = startSettlementWorker(ctx.database.db, ctx.clock, quietLog, {
      intervalMs: 3_600_000,
      lanes: 1,
    });
    await worker.drain();
    await worker.stop();

    const row = await listingRow(ctx, id);
    expect([row.status, row.buyer_id, Number(row.sale_price)]).toEqual(['sold', b.id, 900]);
    expect(await heroRow(ctx, seller.heroid)).toEqual({ owner_id: b.id, residence_id: null });
    expect(await treasury(ctx, b.id)).toEqual(before.b);
    expect(await treasury(ctx, a.id)).toEqual(before.a);
    expect((await treasury(ctx, seller.id)).gold).toBe(before.seller.gold + proceeds(900));
    expect(await holdsOf(ctx, id)).toEqual({ count: 0, total: 0 });
    expect(await ledgerOf(ctx, id)).toMatchObject({
      'bazaar:bid': -1700,
      'bazaar:release': 800,
      'bazaar:sale': proceeds(900),
    });
    expect(await eventsOf(ctx, seller.id, 'bazaar.sold')).toHaveLength(1);
    expect(await eventsOf(ctx, b.id, 'bazaar.bought')).toEqual([
      expect.objectContaining({ listingid: id, amount: 900 }),
    ]);
    expect(await inboxOf(ctx, b.id, 'Bought on the Bazaar')).toHaveLength(1);
    expect(await inboxOf(ctx, seller.id, 'Sold on the Bazaar')).toHaveLength(1);
    expect((await b.api.heroes()).map((h) => h.heroid)).toContain(seller.heroid);
    await expectBooksBalanced(ctx);
  });

  it("no bid: the hero stays the seller's and may be listed again; goods and a fixed price come back", async () => {
    const seller = await trader(ctx);
    const auction = await heroAuction(ctx, seller, 500);
    const fixed = await listed(
      ctx,
      seller,
      goodsLot(seller.landid, 'TOWER_STONE', 20, { price: 1000 }),
    );
    const goods = await listed(
      ctx,
      seller,
      goodsLot(seller.landid, 'SKILL_POT', 10, { auction: { startPrice: 10, days: 3 } }),
    );
    expect(await landItem(ctx, seller.landid, 'TOWER_STONE')).toBe(30);
    expect(await landItem(ctx, seller.landid, 'SKILL_POT')).toBe(0);

    passEnds();
    // Reading a listing past its end shows it as it stands; the worker ends them all.
    expect(await settleNow()).toBeGreaterThanOrEqual(3);
    for (const id of [auction, fixed, goods]) {
      expect((await listingRow(ctx, id)).status, `${id}`).toBe('expired');
    }
    expect(await heroRow(ctx, seller.heroid)).toMatchObject({ owner_id: seller.id });
    expect(await landItem(ctx, seller.landid, 'TOWER_STONE')).toBe(50);
    expect(await landItem(ctx, seller.landid, 'SKILL_POT')).toBe(10);
    expect(await inboxOf(ctx, seller.id, 'Listing ended')).toHaveLength(3);
    expect(await eventsOf(ctx, seller.id, 'bazaar.sold')).toEqual([]);
    // Free again: the same hero lists anew.
    expect(await heroAuction(ctx, seller, 500)).toBeGreaterThan(auction);
    await expectBooksBalanced(ctx);
  });

  it("an auction of goods goes to the winner's first land; elementals its vault cannot take go to the land with most room", async () => {
    const seller = await trader(ctx);
    const winner = await trader(ctx);
    const auction = { startPrice: 30, days: 1 };
    const pots = await listed(ctx, seller, goodsLot(seller.landid, 'SKILL_POT', 3, { auction }));
    const fire = await elementalsListed(ctx, seller, 1, 500, { auction });
    const pots0 = await landItem(ctx, winner.landid, 'SKILL_POT');
    await placeBids(ctx, pots, [winner, 30]);
    await placeBids(ctx, fire, [winner, 30]);

    passEnds();
    // At the end the winner's first land has no room for Fire; the second land is empty.
    await grantElementals(ctx, [winner.landid], 1, 1000);
    expect(await settleNow()).toBeGreaterThanOrEqual(2);
    expect(await landItem(ctx, winner.landid, 'SKILL_POT')).toBe(pots0 + 3);
    const lands = await winner.api.lands();
    expect(lands.find((l) => l.landid === winner.secondLandId)?.vault.volume[1]).toBe(500);
    expect((await listingRow(ctx, fire)).status).toBe('sold');
    await expectBooksBalanced(ctx);
  });

  it('elementals no land of the winner has room for: nothing changes hands, the hold and the goods go back', async () => {
    const seller = await trader(ctx);
    const winner = await trader(ctx);
    const id = await elementalsListed(ctx, seller, 3, 400, {
      auction: { startPrice: 50, days: 1 },
    });
    const w0 = await treasury(ctx, winner.id);
    await placeBids(ctx, id, [winner, 50]);
    passEnds();
    await grantElementals(ctx, [winner.landid, winner.secondLandId!], 3, 1000);
    const s0 = await treasury(ctx, seller.id);
    expect(await settleNow()).toBeGreaterThanOrEqual(1);
    expect((await listingRow(ctx, id)).status).toBe('expired');
    expect(await treasury(ctx, winner.id)).toEqual(w0);
    expect(await treasury(ctx, seller.id)).toEqual(s0);
    const back = (await seller.api.lands()).find((l) => l.landid === seller.landid);
    expect(back?.vault.volume[3]).toBe(400);
    expect(await inboxOf(ctx, winner.id, 'Auction ended')).toHaveLength(1);
    expect(await eventsOf(ctx, winner.id, 'bazaar.bought')).toEqual([]);
    await expectBooksBalanced(ctx);
  });

  it("an expiry whose elementals no vault of the seller can take back waits; the seller's other listings still end", async () => {
    const seller = await trader(ctx);
    const stuck = await elementalsListed(ctx, seller, 0, 500, { price: 100 });
    const pots = await listed(ctx, seller, goodsLot(seller.landid, 'SKILL_POT', 1, { price: 100 }));
    passEnds();
    await grantElementals(ctx, [seller.landid, seller.secondLandId!], 0, 1000);
    expect(await settleNow()).toBeGreaterThanOrEqual(1);
    expect((await listingRow(ctx, pots)).status).toBe('expired');
    expect((await listingRow(ctx, stuck)).status).toBe('open');
    expect(await inboxOf(ctx, seller.id, 'Listing ended')).toHaveLength(1);
    await expectBooksBalanced(ctx);
  });

  it('a buy or a bid that finds an auction past its end ends it first', async () => {
    const seller = await trader(ctx);
    const [a, b] = [await trader(ctx), await trader(ctx)];
    const id = await biddenAuction(ctx, seller, { startPrice: 100, buyNow: 1000 }, [a, 100]);
    passEnds();
    const late = await buy(ctx, b.cookie, id);
    expect([late.status, late.body.code]).toEqual([409, 'LISTING_CLOSED']);
    const page = await getListing(ctx.app, a.cookie, id);
    expect(page.body).toMatchObject({ status: 'sold', salePrice: 100 });
    expect(page.body.buyer.profileid).toBe(a.id);
    // Ended once: a later drain finds nothing more to do with it.
    await settleNow();
    expect(await inboxOf(ctx, a.id, 'Bought on the Bazaar')).toHaveLength(1);
    await expectBooksBalanced(ctx);
  });
});

describe('the end, exactly once', () => {
  it('two workers ending the same due auctions in parallel: one sale each, one set of notices', async () => {
    const n = process.env.TEST_DATABASE_URL ? 12 : 4;
    const sellers = [];
    for (let i = 0; i < n; i++) sellers.push(await trader(ctx));
    const bidder = await trader(ctx, { gold: 100_000 });
    const ids: number[] = [];
    for (const s of sellers) {
      ids.push(await biddenAuction(ctx, s, { startPrice: 100 }, [bidder, 100]));
    }
    const b0 = await treasury(ctx, bidder.id);
    passEnds();
    const at = ctx.clock.now();
    const ended = await Promise.all([
      settleDueListings(ctx.database.db, at, 500),
      settleDueListings(ctx.database.db, at, 500),
    ]);
    expect(ended[0]! + ended[1]!).toBeGreaterThanOrEqual(n);
    for (const [i, id] of ids.entries()) {
      expect((await listingRow(ctx, id)).status).toBe('sold');
      expect(await eventsOf(ctx, sellers[i]!.id, 'bazaar.sold')).toHaveLength(1);
      expect(await inboxOf(ctx, sellers[i]!.id, 'Sold on the Bazaar')).toHaveLength(1);
      expect((await treasury(ctx, sellers[i]!.id)).gold).toBeGreaterThan(0);
    }
    expect(await eventsOf(ctx, bidder.id, 'bazaar.bought')).toHaveLength(n);
    expect(await treasury(ctx, bidder.id)).toEqual(b0);
    await expectBooksBalanced(ctx);
  });
});
