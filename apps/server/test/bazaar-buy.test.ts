import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { leftoverAt, productivity, proceeds } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { loadLand } from '../src/core/state.js';
import { grantToLand } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, expectBooksBalanced } from './game-helpers.js';
import {
  getListing,
  goodsLot,
  heroLot,
  landItem,
  landLot,
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
  heroRow,
  inboxOf,
  ledgerOf,
  listed,
  listingRow,
} from './bazaar-trade-kit.js';

/** Buying on the Bazaar (docs/api.md, Bazaar): POST /souq/bazaar/listings/{id}/buy. */
let ctx: TestContext;
beforeAll(async () => {
  // The clock passes days: sessions outlive them.
  ctx = await createTestContext(LONG_SESSIONS);
});
afterAll(() => ctx.close());

describe('buying a listing', () => {
  it('a hero at a fixed price: the buyer pays, the seller gets the price less 5 %, the hero moves without residence', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const id = await listed(ctx, seller, heroLot(seller.heroid, { price: 1000 }));
    const [s0, b0] = [await treasury(ctx, seller.id), await treasury(ctx, buyer.id)];

    const res = await buy(ctx, buyer.cookie, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gold).toBe(b0.gold - 1000);
    expect(res.body.listing).toMatchObject({ status: 'sold', salePrice: 1000, saleFee: 50 });
    expect(res.body.listing.buyer.profileid).toBe(buyer.id);
    expect((await treasury(ctx, buyer.id)).gold).toBe(b0.gold - 1000);
    expect((await treasury(ctx, seller.id)).gold).toBe(s0.gold + proceeds(1000));
    expect(await heroRow(ctx, seller.heroid)).toEqual({ owner_id: buyer.id, residence_id: null });
    const heroes = await buyer.api.heroes();
    expect(heroes.map((h) => h.heroid)).toContain(seller.heroid);
    expect(await ledgerOf(ctx, id)).toMatchObject({
      'bazaar:buy': -1000,
      'bazaar:sale': 950,
    });
    // Both are told: a push event and an inbox message each.
    expect(await eventsOf(ctx, seller.id, 'bazaar.sold')).toEqual([
      expect.objectContaining({ listingid: id, kind: 'hero', currency: 'gold', amount: 1000 }),
    ]);
    expect(await eventsOf(ctx, buyer.id, 'bazaar.bought')).toEqual([
      expect.objectContaining({ listingid: id, amount: 1000 }),
    ]);
    expect(await inboxOf(ctx, seller.id, 'Sold on the Bazaar')).toHaveLength(1);
    expect(await inboxOf(ctx, buyer.id, 'Bought on the Bazaar')).toHaveLength(1);
    await expectBooksBalanced(ctx);
  });

  it('goods go to the land the buyer names, or their first land; platinum is paid in platinum', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const first = await listed(
      ctx,
      seller,
      goodsLot(seller.landid, 'TOWER_STONE', 5, { currency: 'platinum', price: 40 }),
    );
    const second = await listed(
      ctx,
      seller,
      goodsLot(seller.landid, 'TOWER_STONE', 3, { price: 300 }),
    );
    expect(await landItem(ctx, seller.landid, 'TOWER_STONE')).toBe(42);
    const p0 = await treasury(ctx, buyer.id);
    const stones = await landItem(ctx, buyer.landid, 'TOWER_STONE');

    const named = await buy(ctx, buyer.cookie, first, { landid: buyer.secondLandId });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.platinum).toBe(p0.platinum - 40);
    expect(await landItem(ctx, buyer.secondLandId!, 'TOWER_STONE')).toBe(5);
    const plain = await buy(ctx, buyer.cookie, second);
    expect(plain.status).toBe(200);
    expect(await landItem(ctx, buyer.landid, 'TOWER_STONE')).toBe(stones + 3);
    expect(await landItem(ctx, seller.landid, 'TOWER_STONE')).toBe(42);
    expect((await treasury(ctx, buyer.id)).gold).toBe(p0.gold - 300);
    expect(await ledgerOf(ctx, first)).toMatchObject({ 'bazaar:deliver': 5, 'bazaar:sale': 38 });
    await expectBooksBalanced(ctx);
  });

  it("a land: its unclaimed gold goes to the seller, then the land is the buyer's with its inventory", async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const landid = seller.secondLandId!;
    await grantToLand(ctx.database.db, landid, { items: { SKILL_POT: 2 } }, ctx.clock.now());
    const id = await listed(ctx, seller, landLot(landid, { price: 5000 }));
    ctx.clock.advance(DAY / 2);
    const land = (await loadLand(ctx.database.db, landid))!;
    const gold = Math.floor(
      leftoverAt(land.gold, productivity(land.towers, land.terrain), ctx.clock.now().getTime()),
    );
    expect(gold).toBeGreaterThan(0);
    const s0 = await treasury(ctx, seller.id);

    const res = await buy(ctx, buyer.cookie, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await treasury(ctx, seller.id)).gold).toBe(s0.gold + proceeds(5000) + gold);
    expect(await ledgerOf(ctx, id)).toMatchObject({ 'bazaar:landgold': 0 });
    const lands = await buyer.api.lands();
    const bought = lands.find((l) => l.landid === landid);
    expect(bought?.gold.leftover).toBe(0);
    expect((await seller.api.lands()).map((l) => l.landid)).not.toContain(landid);
    expect(await landItem(ctx, landid, 'SKILL_POT')).toBe(2);
    await expectBooksBalanced(ctx);
  });

  it('an auction at its buy-now price releases the leading bid and tells its bidder', async () => {
    const seller = await trader(ctx);
    const [leader, buyer] = [await trader(ctx), await trader(ctx)];
    const l0 = await treasury(ctx, leader.id);
    const id = await biddenAuction(ctx, seller, { startPrice: 500, buyNow: 2000 }, [leader, 600]);
    expect((await treasury(ctx, leader.id)).gold).toBe(l0.gold - 600);

    const res = await buy(ctx, buyer.cookie, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.listing.salePrice).toBe(2000);
    expect((await treasury(ctx, leader.id)).gold).toBe(l0.gold);
    expect(await eventsOf(ctx, leader.id, 'bazaar.outbid')).toHaveLength(1);
    expect((await heroRow(ctx, seller.heroid)).owner_id).toBe(buyer.id);
    // The released leader's page no longer says their bid leads.
    const page = await getListing(ctx.app, leader.cookie, id);
    expect(page.body).toMatchObject({ status: 'sold', leading: false });
    await expectBooksBalanced(ctx);
  });
});

describe('a leader buying at buy-now', () => {
  it('counts their held bid: a treasury of exactly the price buys it, and nothing is paid twice', async () => {
    const seller = await trader(ctx);
    const leader = await trader(ctx, { gold: 1000, platinum: 0 });
    const id = await biddenAuction(ctx, seller, { startPrice: 500, buyNow: 1000 }, [leader, 600]);
    expect((await treasury(ctx, leader.id)).gold).toBe(400);
    const res = await buy(ctx, leader.cookie, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gold).toBe(0);
    expect(await eventsOf(ctx, leader.id, 'bazaar.outbid')).toEqual([]);
    expect(await ledgerOf(ctx, id)).toMatchObject({
      'bazaar:bid': -600,
      'bazaar:release': 600,
      'bazaar:buy': -1000,
    });
    await expectBooksBalanced(ctx);
  });
});

describe('refused buys change nothing', () => {
  /** Everything a refused buy could have touched. */
  const state = async (ids: number[], listingId: number) => ({
    treasuries: await Promise.all(ids.map((i) => treasury(ctx, i))),
    listing: await listingRow(ctx, listingId),
    ledger: await queryRows(ctx.database.db, sql`select count(*)::int as n from ledger`),
  });

  it('own listing, unknown listing, no buy-now, short of gold, sold already', async () => {
    const seller = await trader(ctx);
    const poor = await trader(ctx, { gold: 100, platinum: 0 });
    const buyer = await trader(ctx);
    const fixed = await listed(ctx, seller, heroLot(seller.heroid, { price: 900 }));
    const before = await state([seller.id, poor.id, buyer.id], fixed);

    const own = await buy(ctx, seller.cookie, fixed);
    expect([own.status, own.body.code]).toEqual([409, 'OWN_LISTING']);
    const missing = await buy(ctx, buyer.cookie, 2_000_000);
    expect([missing.status, missing.body.code]).toEqual([404, 'LISTING_NOT_FOUND']);
    const short = await buy(ctx, poor.cookie, fixed);
    expect([short.status, short.body.code]).toEqual([409, 'NOT_ENOUGH_GOLD']);
    expect(await state([seller.id, poor.id, buyer.id], fixed)).toEqual(before);

    expect((await buy(ctx, buyer.cookie, fixed)).status).toBe(200);
    const sold = await buy(ctx, poor.cookie, fixed);
    expect([sold.status, sold.body.code]).toEqual([409, 'LISTING_CLOSED']);

    const auction = await listed(
      ctx,
      seller,
      goodsLot(seller.landid, 'SKILL_POT', 1, { auction: { startPrice: 10, days: 1 } }),
    );
    const noBuyNow = await buy(ctx, buyer.cookie, auction);
    expect([noBuyNow.status, noBuyNow.body.code]).toEqual([409, 'NO_BUY_NOW']);
    await expectBooksBalanced(ctx);
  });

  it("goods into another's land: 404 naming landid; elementals beyond the vault's cap: 409 VAULT_FULL", async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const id = await elementalsListed(ctx, seller, 2, 600, { price: 100 });
    // The buyer's first land is nearly full of Water (cap 1,000 at tower level 0).
    await grantElementals(ctx, [buyer.landid], 2, 700);
    const before = await state([seller.id, buyer.id], id);

    const foreign = await buy(ctx, buyer.cookie, id, { landid: seller.landid });
    expect([foreign.status, foreign.body.code, foreign.body.field]).toEqual([
      404,
      'LAND_NOT_FOUND',
      'landid',
    ]);
    const full = await buy(ctx, buyer.cookie, id);
    expect([full.status, full.body.code]).toEqual([409, 'VAULT_FULL']);
    expect(await state([seller.id, buyer.id], id)).toEqual(before);

    const roomy = await buy(ctx, buyer.cookie, id, { landid: buyer.secondLandId });
    expect(roomy.status, JSON.stringify(roomy.body)).toBe(200);
    const land = (await buyer.api.lands()).find((l) => l.landid === buyer.secondLandId);
    expect(land?.vault.volume[2]).toBe(600);
    await expectBooksBalanced(ctx);
  });

  it('bad input: 400 naming the field, nothing changed', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const novice = await trader(ctx, { level: 1 });
    const id = await listed(ctx, seller, heroLot(seller.heroid, { price: 100 }));
    const before = await state([seller.id, buyer.id], id);
    const cases: Array<[string, object, string]> = [
      [`${id}`, { landid: 'north' }, 'landid'],
      [`${id}`, { landid: 0 }, 'landid'],
      [`${id}`, { landid: 1, extra: true }, 'extra'],
      ['abc', {}, 'id'],
      ['0', {}, 'id'],
    ];
    for (const [path, body, field] of cases) {
      const res = await buy(ctx, buyer.cookie, path, body);
      expect([res.status, res.body.field], `${path} ${JSON.stringify(body)}`).toEqual([400, field]);
    }
    const anon = await ctx.app.inject({
      method: 'POST',
      url: `/souq/bazaar/listings/${id}/buy`,
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    const low = await buy(ctx, novice.cookie, id);
    expect(low.status).toBe(403);
    expect(await state([seller.id, buyer.id], id)).toEqual(before);
  });

  it('a fixed price past its 7 days is ended by the buy that finds it: 409, and the goods are back', async () => {
    const seller = await trader(ctx);
    const buyer = await trader(ctx);
    const id = await listed(ctx, seller, goodsLot(seller.landid, 'SKILL_POT', 4, { price: 100 }));
    expect(await landItem(ctx, seller.landid, 'SKILL_POT')).toBe(6);
    ctx.clock.advance(7 * DAY);
    const late = await buy(ctx, buyer.cookie, id);
    expect([late.status, late.body.code]).toEqual([409, 'LISTING_CLOSED']);
    expect((await listingRow(ctx, id)).status).toBe('expired');
    expect(await landItem(ctx, seller.landid, 'SKILL_POT')).toBe(10);
    expect((await getListing(ctx.app, seller.cookie, id)).body.status).toBe('expired');
    await expectBooksBalanced(ctx);
  });
});
