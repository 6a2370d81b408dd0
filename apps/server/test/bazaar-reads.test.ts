import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetails } from '@aleph/contracts';
import { grantToLand } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { insertBid, insertListing, readPlayer } from './bazaar-read-kit.js';

/** A listing's page, My Bazaar and the price history (docs/api.md, Bazaar). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const details = async (cookie: string, id: number | string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/souq/bazaar/listings/${id}`,
    headers: { cookie },
  });
  return { status: res.statusCode, body: res.json() };
};

describe("a listing's page", () => {
  it("shows a hero's skills, level and upskills, the bids highest first and who leads", async () => {
    const seller = await readPlayer(ctx);
    const [a, b] = [await readPlayer(ctx), await readPlayer(ctx)];
    const hero = seller.homeless;
    const id = await insertListing(ctx, {
      sellerId: seller.id,
      kind: 'hero',
      heroId: hero.heroid,
      title: hero.name,
      rarity: hero.rarity,
      element: hero.element,
      level: hero.level,
      skills: hero.skills,
      price: 1050,
      auctionDays: 3,
      startPrice: 1000,
      currentBid: 1050,
      bidderId: b.id,
      bidCount: 2,
      listingFee: 10,
    });
    await insertBid(ctx, { listingId: id, bidderId: a.id, amount: 1000 });
    await insertBid(ctx, { listingId: id, bidderId: b.id, amount: 1050, status: 'held' });

    const seen = await details(a.cookie, id);
    expect(seen.status).toBe(200);
    const d = seen.body as ListingDetails;
    expect(d.hero).toEqual({
      heroid: hero.heroid,
      name: hero.name,
      rarity: hero.rarity,
      element: hero.element,
      sex: hero.sex,
      generation: hero.generation,
      level: hero.level,
      xp: hero.xp,
      skills: hero.baseSkills,
      upskills: hero.upskills,
    });
    expect(d.land).toBeNull();
    expect(d.seller).toEqual({ profileid: seller.id, nickname: seller.nickname });
    expect(d.auction).toEqual({
      startPrice: 1000,
      buyNow: null,
      currentBid: 1050,
      bids: 2,
      minNextBid: 1103,
      days: 3,
    });
    expect(d.bidHistory.map((x) => [x.amount, x.bidder.nickname])).toEqual([
      [1050, b.nickname],
      [1000, a.nickname],
    ]);
    expect(d).toMatchObject({ mine: false, leading: false, listingFee: 10, buyer: null });
    expect((await details(b.cookie, id)).body).toMatchObject({ mine: false, leading: true });
    expect((await details(seller.cookie, id)).body).toMatchObject({ mine: true, leading: false });
  });

  it("shows a land's place, production, towers, vaults and inventory", async () => {
    const seller = await readPlayer(ctx);
    const land = seller.land;
    await grantToLand(
      ctx.database.db,
      land.landid,
      { items: { LUCKY_COIN: 3, SEAL_FIRE: 1 }, shards: { element: 2, amount: 4 } },
      ctx.clock.now(),
    );
    const id = await insertListing(ctx, {
      sellerId: seller.id,
      kind: 'land',
      landId: land.landid,
      terrain: land.terrain_type,
      element: land.element,
      title: 'A land',
      goodKey: `land:${land.terrain_type}`,
    });
    const viewer = await readPlayer(ctx);
    const [now] = await seller.api.lands();
    const d = (await details(viewer.cookie, id)).body as ListingDetails;
    expect(d.land).toEqual({
      landid: land.landid,
      name: now!.name,
      continent: now!.continent,
      x: now!.x,
      y: now!.y,
      terrain: now!.terrain_type,
      element: now!.element,
      goldPerDay: now!.gold.productivity,
      towers: now!.elements,
      seals: now!.vault.seals,
      vaults: now!.vault.volume,
      shards: now!.shards,
      items: [
        { code: 'LUCKY_COIN', name: expect.any(String), count: 3 },
        { code: 'SEAL_FIRE', name: expect.any(String), count: 1 },
      ],
    });
    // The granted shards show at their element.
    expect(d.land!.shards[2]).toBe(4);
    expect(d.hero).toBeNull();
  });

  it('names the buyer, the sale price and fee of a sold listing', async () => {
    const [seller, buyer] = [await readPlayer(ctx), await readPlayer(ctx)];
    const at = ctx.clock.now();
    const id = await insertListing(ctx, {
      sellerId: seller.id,
      price: 400,
      status: 'sold',
      buyerId: buyer.id,
      salePrice: 400,
      saleFee: 20,
      closedAt: at,
      listingFee: 4,
    });
    const d = (await details(buyer.cookie, id)).body as ListingDetails;
    expect(d).toMatchObject({
      status: 'sold',
      salePrice: 400,
      saleFee: 20,
      listingFee: 4,
      closedAt: at.toISOString(),
      buyer: { profileid: buyer.id, nickname: buyer.nickname },
    });
  });

  it('answers 404 LISTING_NOT_FOUND for none and 400 naming the id for a bad one', async () => {
    const p = await readPlayer(ctx);
    const missing = await details(p.cookie, 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('LISTING_NOT_FOUND');
    const bad = await details(p.cookie, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
  });
});
