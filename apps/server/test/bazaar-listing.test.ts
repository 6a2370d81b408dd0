import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BAZAAR_CONFIG, listingFee } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import {
  bazaarCounts,
  bazaarKey,
  expectRefused,
  goodsLot,
  heroLot,
  landItem,
  landLot,
  list,
  sellerState,
  trader,
  treasury,
} from './bazaar-test-kit.js';

/** Listing on the Bazaar: validation, the fee, the limit, the rules' refusals, goods escrow. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /souq/bazaar/listings: bad input', () => {
  it('answers 400 naming the field for each bad body, and changes nothing', async () => {
    const t = await trader(ctx);
    const before = await sellerState(ctx, t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'hero', currency: 'gold', price: 100 }, 'heroid'],
      [
        { kind: 'hero', heroid: t.heroid, landid: t.landid, currency: 'gold', price: 100 },
        'landid',
      ],
      [{ kind: 'hero', heroid: t.heroid, quantity: 2, currency: 'gold', price: 100 }, 'quantity'],
      [{ kind: 'land', currency: 'gold', price: 100 }, 'landid'],
      [{ kind: 'land', landid: t.landid, item: 'TOWER_STONE', currency: 'gold', price: 9 }, 'item'],
      [{ kind: 'land', landid: t.landid, heroid: t.heroid, currency: 'gold', price: 9 }, 'heroid'],
      [{ kind: 'goods', item: 'TOWER_STONE', quantity: 1, currency: 'gold', price: 9 }, 'landid'],
      [{ kind: 'goods', landid: t.landid, quantity: 1, currency: 'gold', price: 9 }, 'item'],
      [
        { kind: 'goods', landid: t.landid, item: 'TOWER_STONE', currency: 'gold', price: 9 },
        'quantity',
      ],
      [
        { kind: 'goods', landid: t.landid, item: 'NOPE', quantity: 1, currency: 'gold', price: 9 },
        'item',
      ],
      [
        {
          kind: 'goods',
          landid: t.landid,
          item: 'elementals',
          quantity: 1,
          currency: 'gold',
          price: 9,
        },
        'elemid',
      ],
      [
        {
          kind: 'goods',
          landid: t.landid,
          item: 'TOWER_STONE',
          elemid: 1,
          quantity: 1,
          currency: 'gold',
          price: 9,
        },
        'elemid',
      ],
      [
        {
          kind: 'goods',
          landid: t.landid,
          heroid: t.heroid,
          item: 'TOWER_STONE',
          quantity: 1,
          currency: 'gold',
          price: 9,
        },
        'heroid',
      ],
      [{ kind: 'hero', heroid: t.heroid, currency: 'gold' }, 'price'],
      [{ kind: 'hero', heroid: t.heroid, currency: 'gold', auction: { days: 3 } }, 'price'],
      [
        {
          kind: 'hero',
          heroid: t.heroid,
          currency: 'gold',
          price: 100,
          auction: { days: 3, buyNow: 100 },
        },
        'auction.buyNow',
      ],
      [
        {
          kind: 'hero',
          heroid: t.heroid,
          currency: 'gold',
          auction: { startPrice: 50, buyNow: 40, days: 1 },
        },
        'auction.buyNow',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await list(ctx.app, t.cookie, body);
      expect({ body, status: res.status, field: res.body.field }).toEqual({
        body,
        status: 400,
        field,
      });
    }
    // The schema's own checks also name the field.
    const schema = await list(
      ctx.app,
      t.cookie,
      heroLot(t.heroid, { currency: 'copper', price: 1 }),
    );
    expect(schema.status).toBe(400);
    expect(schema.body.field).toContain('currency');
    const days = await list(
      ctx.app,
      t.cookie,
      heroLot(t.heroid, { price: 5, auction: { days: 2 } }),
    );
    expect(days.status).toBe(400);
    expect(days.body.field).toContain('auction');
    expect(await sellerState(ctx, t)).toEqual(before);
  });

  it('refuses a player below profile level 2 (403) and an anonymous one (401)', async () => {
    const t = await trader(ctx, { level: 1 });
    const body = heroLot(t.heroid, { price: 100 });
    expect((await list(ctx.app, t.cookie, body)).status).toBe(403);
    expect((await list(ctx.app, '', body)).status).toBe(401);
    expect((await bazaarCounts(ctx, t.id)).listings).toBe(0);
  });
});

describe('POST /souq/bazaar/listings: listing', () => {
  it('lists a hero at a fixed price: the fee leaves the treasury with its ledger entry', async () => {
    const t = await trader(ctx);
    const res = await list(ctx.app, t.cookie, heroLot(t.heroid, { price: 1234 }));
    expect(res.status).toBe(201);
    const fee = listingFee(1234);
    expect(fee).toBe(13);
    expect(res.body.gold).toBe(10_000 - fee);
    const l = res.body.listing;
    expect(l).toMatchObject({
      kind: 'hero',
      heroid: t.heroid,
      price: 1234,
      auction: null,
      status: 'open',
      mine: true,
      listingFee: fee,
    });
    expect(l.skills).toHaveLength(8);
    expect(l.title).toBe(l.hero.name);
    expect(new Date(l.endsAt).getTime() - new Date(l.createdAt).getTime()).toBe(
      BAZAAR_CONFIG.fixedDays * 86_400_000,
    );
    const ledger = await queryRows<{
      cause: string;
      cause_id: string;
      delta: string;
      asset: string;
    }>(
      ctx.database.db,
      sql`select cause, cause_id, delta, asset from ledger where profile_id = ${t.id} and cause like 'bazaar:%'`,
    );
    expect(ledger).toEqual([
      { cause: 'bazaar:fee', cause_id: String(l.id), delta: expect.anything(), asset: 'gold' },
    ]);
    expect(Number(ledger[0]!.delta)).toBe(-fee);
    await expectBooksBalanced(ctx);
  });

  it('lists a land by auction in platinum: start price, buy-now, days and the fee on the start', async () => {
    const t = await trader(ctx);
    const res = await list(
      ctx.app,
      t.cookie,
      landLot(t.secondLandId, {
        currency: 'platinum',
        auction: { startPrice: 300, buyNow: 900, days: 3 },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.platinum).toBe(1000 - listingFee(300));
    expect(res.body.listing).toMatchObject({
      kind: 'land',
      landid: t.secondLandId,
      currency: 'platinum',
      price: 300,
      auction: {
        startPrice: 300,
        buyNow: 900,
        currentBid: null,
        bids: 0,
        minNextBid: 300,
        days: 3,
      },
    });
    expect(res.body.listing.title).toMatch(/^Land \(\d+, \d+\)$/);
    expect(res.body.listing.land.landid).toBe(t.secondLandId);
    const l = res.body.listing;
    expect(new Date(l.endsAt).getTime() - new Date(l.createdAt).getTime()).toBe(3 * 86_400_000);
    await expectBooksBalanced(ctx);
  });

  it('an auction without startPrice starts at price', async () => {
    const t = await trader(ctx);
    const res = await list(
      ctx.app,
      t.cookie,
      heroLot(t.heroid, { price: 80, auction: { days: 1 } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.listing.auction).toMatchObject({ startPrice: 80, buyNow: null, days: 1 });
  });

  it('refuses a fee the treasury cannot pay: 409 NOT_ENOUGH_GOLD / NOT_ENOUGH_PLATINUM, nothing changed', async () => {
    const t = await trader(ctx, { gold: 5, platinum: 0 });
    // Each refusal leaves the treasury, the goods and the ledger as they were.
    await expectRefused(ctx, t, heroLot(t.heroid, { price: 1000 }), 'NOT_ENOUGH_GOLD');
    await expectRefused(
      ctx,
      t,
      heroLot(t.heroid, { currency: 'platinum', price: 10 }),
      'NOT_ENOUGH_PLATINUM',
    );
    // Exactly the fee is enough.
    const ok = await list(ctx.app, t.cookie, heroLot(t.heroid, { price: 500 }));
    expect(ok.status).toBe(201);
    expect(ok.body.gold).toBe(0);
    await expectBooksBalanced(ctx);
  });

  it(`allows ${BAZAAR_CONFIG.maxOpenListings} open listings, then 409 LISTINGS_FULL`, async () => {
    const t = await trader(ctx, { items: { TOWER_STONE: 50 } });
    const lot = goodsLot(t.landid, 'TOWER_STONE', 1, { price: 10 });
    for (let i = 0; i < BAZAAR_CONFIG.maxOpenListings; i++) {
      expect((await list(ctx.app, t.cookie, lot)).status).toBe(201);
    }
    const before = await expectRefused(ctx, t, lot, 'LISTINGS_FULL');
    expect(before.stones).toBe(50 - BAZAAR_CONFIG.maxOpenListings);
    await expectBooksBalanced(ctx);
  });
});

describe('POST /souq/bazaar/listings: Idempotency-Key', () => {
  it('a retry answers the first listing and charges nothing more; another request with the key is 409', async () => {
    const t = await trader(ctx);
    const key = bazaarKey();
    const body = goodsLot(t.landid, 'SKILL_POT', 2, { price: 400 });
    const first = await list(ctx.app, t.cookie, body, key);
    const again = await list(ctx.app, t.cookie, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.listing.id).toBe(first.body.listing.id);
    expect(again.body.gold).toBe(first.body.gold);
    expect(await landItem(ctx, t.landid, 'SKILL_POT')).toBe(8);
    const other = await list(ctx.app, t.cookie, { ...body, price: 401 }, key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', field: 'Idempotency-Key' });
    expect(await bazaarCounts(ctx, t.id)).toMatchObject({ listings: 1, ledger: 2 });
    // The key is the seller's own: another player may use the same string.
    const u = await trader(ctx);
    expect((await list(ctx.app, u.cookie, { ...body, landid: u.landid }, key)).status).toBe(201);
    await expectBooksBalanced(ctx);
  });

  it('parallel retries with one key make one listing', async () => {
    const t = await trader(ctx);
    const key = bazaarKey();
    const body = heroLot(t.heroid, { price: 700 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => list(ctx.app, t.cookie, body, key)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.listing.id)).size).toBe(1);
    expect(await bazaarCounts(ctx, t.id)).toMatchObject({ listings: 1, ledger: 1 });
    expect((await treasury(ctx, t.id)).gold).toBe(10_000 - listingFee(700));
    await expectBooksBalanced(ctx);
  });
});
