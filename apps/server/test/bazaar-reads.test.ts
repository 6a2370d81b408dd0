import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetails, MyBazaar, PriceHistory } from '@aleph/contracts';
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

const DAY = 86_400_000;
const get = async (cookie: string, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
};

describe('My Bazaar', () => {
  it('lists my open listings then the closed ones, my bids, purchases and sales with fees', async () => {
    const [s, b, c] = [await readPlayer(ctx), await readPlayer(ctx), await readPlayer(ctx)];
    const now = ctx.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const open1 = await insertListing(ctx, { sellerId: s.id, createdAt: at(-3 * DAY) });
    const open2 = await insertListing(ctx, { sellerId: s.id, createdAt: at(-DAY), listingFee: 7 });
    const cancelled = await insertListing(ctx, {
      sellerId: s.id,
      status: 'cancelled',
      closedAt: at(-2 * DAY),
    });
    const expired = await insertListing(ctx, {
      sellerId: s.id,
      status: 'expired',
      closedAt: at(-DAY),
    });
    const sold = await insertListing(ctx, {
      sellerId: s.id,
      price: 1000,
      listingFee: 10,
      status: 'sold',
      buyerId: b.id,
      salePrice: 1000,
      saleFee: 50,
      closedAt: at(-DAY / 2),
    });
    // b's bids: leading on one auction, outbid on another, won one ended two days ago, and one
    // ended eight days ago (no longer shown).
    const auction = { sellerId: s.id, auctionDays: 3, startPrice: 100 };
    const leading = await insertListing(ctx, { ...auction, price: 120, currentBid: 120 });
    const outbid = await insertListing(ctx, { ...auction, price: 300, currentBid: 300 });
    const won = await insertListing(ctx, {
      ...auction,
      status: 'sold',
      buyerId: b.id,
      salePrice: 150,
      saleFee: 8,
      closedAt: at(-2 * DAY),
    });
    const old = await insertListing(ctx, { ...auction, status: 'expired', closedAt: at(-8 * DAY) });
    await insertBid(ctx, { listingId: leading, bidderId: b.id, amount: 100, at: at(-5000) });
    await insertBid(ctx, {
      listingId: leading,
      bidderId: b.id,
      amount: 120,
      status: 'held',
      at: at(-4000),
    });
    await insertBid(ctx, { listingId: outbid, bidderId: b.id, amount: 200, at: at(-3000) });
    await insertBid(ctx, {
      listingId: outbid,
      bidderId: c.id,
      amount: 300,
      status: 'held',
      at: at(-2000),
    });
    await insertBid(ctx, {
      listingId: won,
      bidderId: b.id,
      amount: 150,
      status: 'won',
      at: at(-3 * DAY),
    });
    await insertBid(ctx, { listingId: old, bidderId: b.id, amount: 100, at: at(-9 * DAY) });

    const mine = (await get(s.cookie, '/souq/bazaar/mine')).body as MyBazaar;
    // Open ones newest first (the auctions were created now), then closed ones by their close.
    expect(mine.listings.map((l) => l.id)).toEqual([
      outbid,
      leading,
      open2,
      open1,
      expired,
      cancelled,
      old,
    ]);
    expect(mine.listings.find((l) => l.id === open2)!.listingFee).toBe(7);
    expect(
      mine.sales.map((t) => [t.listing.id, t.price, t.saleFee, t.listingFee, t.proceeds]),
    ).toEqual([
      [sold, 1000, 50, 10, 950],
      [won, 150, 8, 1, 142],
    ]);
    expect(mine.sales[0]!.counterpart).toEqual({ profileid: b.id, nickname: b.nickname });
    expect(mine.purchases).toEqual([]);
    expect(mine.bids).toEqual([]);

    const theirs = (await get(b.cookie, '/souq/bazaar/mine')).body as MyBazaar;
    expect(theirs.listings).toEqual([]);
    expect(theirs.purchases.map((t) => [t.listing.id, t.price, t.counterpart.nickname])).toEqual([
      [sold, 1000, s.nickname],
      [won, 150, s.nickname],
    ]);
    expect(theirs.purchases[0]!.at).toBe(at(-DAY / 2).toISOString());
    expect(theirs.bids.map((x) => [x.listing.id, x.amount, x.held])).toEqual([
      [outbid, 200, false],
      [leading, 120, true],
      [won, 150, false],
    ]);
    expect(theirs.bids[1]!.at).toBe(at(-4000).toISOString());
    expect(theirs.bids[0]!.listing.auction).toMatchObject({ currentBid: 300, minNextBid: 315 });
  });
});

describe('the price history', () => {
  it('shows the median and the number of sales per UTC day for 30 days, goods per unit', async () => {
    const s = await readPlayer(ctx);
    const b = await readPlayer(ctx);
    const now = ctx.clock.now().getTime();
    const sale = (goodKey: string, price: number, daysAgo: number, more: object = {}) =>
      insertListing(ctx, {
        sellerId: s.id,
        goodKey,
        price,
        status: 'sold',
        buyerId: b.id,
        salePrice: price,
        saleFee: 1,
        closedAt: new Date(now - daysAgo * DAY),
        ...more,
      });
    await sale('hero:3', 100, 0);
    await sale('hero:3', 600, 0);
    await sale('hero:3', 200, 0);
    await sale('hero:3', 100, 1);
    await sale('hero:3', 300, 1);
    await sale('hero:3', 999, 29.5); // before the first day shown
    await sale('hero:3', 5000, 0, { currency: 'platinum' });
    await sale('hero:2', 7000, 0);
    // Still open: no sale.
    await insertListing(ctx, { sellerId: s.id, goodKey: 'hero:3', price: 1 });
    await sale('item:SKILL_POT', 50, 2, { quantity: 10 });
    await sale('item:SKILL_POT', 40, 2, { quantity: 4 });

    const h = (await get(s.cookie, '/souq/bazaar/prices?kind=hero&rarity=3')).body as PriceHistory;
    expect(h.series).toBe('hero:3');
    expect(h.currency).toBe('gold');
    expect(h.days).toHaveLength(30);
    const today = new Date(now).toISOString().slice(0, 10);
    expect(h.days.at(-1)).toEqual({ day: today, median: 200, volume: 3 });
    expect(h.days.at(-2)).toEqual({
      day: new Date(now - DAY).toISOString().slice(0, 10),
      median: 200,
      volume: 2,
    });
    expect(h.days[0]!.day).toBe(new Date(now - 29 * DAY).toISOString().slice(0, 10));
    expect(h.days.slice(0, -2).every((d) => d.median === null && d.volume === 0)).toBe(true);

    const plat = (await get(s.cookie, '/souq/bazaar/prices?kind=hero&rarity=3&currency=platinum'))
      .body as PriceHistory;
    expect(plat.days.at(-1)).toEqual({ day: today, median: 5000, volume: 1 });

    const pots = (await get(s.cookie, '/souq/bazaar/prices?kind=goods&item=SKILL_POT'))
      .body as PriceHistory;
    expect(pots.series).toBe('item:SKILL_POT');
    // 5 and 10 gold a pot.
    expect(pots.days.at(-3)).toMatchObject({ median: 7.5, volume: 2 });
  });

  it.each([
    ['kind=hero', 'rarity'],
    ['kind=land', 'terrain'],
    ['kind=goods', 'item'],
    ['kind=goods&item=elementals', 'elemid'],
    ['rarity=2', 'kind'],
    ['kind=hero&rarity=7', 'rarity'],
    ['kind=hero&rarity=1&currency=silver', 'currency'],
  ])('%s answers 400 naming %s', async (query, field) => {
    const p = await readPlayer(ctx);
    const res = await get(p.cookie, `/souq/bazaar/prices?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('names the elementals series by element', async () => {
    const p = await readPlayer(ctx);
    const res = await get(p.cookie, '/souq/bazaar/prices?kind=goods&item=elementals&elemid=2');
    expect(res.status).toBe(200);
    expect(res.body.series).toBe('elementals:2');
  });
});
