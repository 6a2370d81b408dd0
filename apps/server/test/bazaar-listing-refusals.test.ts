import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { grantToLand } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import {
  bazaarCounts,
  clearResidences,
  expectRefused,
  goodsLot,
  heroLot,
  landItem,
  landLot,
  list,
  trader,
} from './bazaar-test-kit.js';

/** Listing on the Bazaar: what may not be listed (the rules' refusals) and goods into escrow. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /souq/bazaar/listings: what may not be listed', () => {
  it("someone else's hero or land answers 404 as if it did not exist", async () => {
    const a = await trader(ctx);
    const b = await trader(ctx);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [heroLot(a.heroid, { price: 10 }), 'HERO_NOT_FOUND'],
      [landLot(a.secondLandId, { price: 10 }), 'LAND_NOT_FOUND'],
      [goodsLot(a.landid, 'TOWER_STONE', 1, { price: 10 }), 'LAND_NOT_FOUND'],
    ];
    for (const [body, code] of refusals) await expectRefused(ctx, b, body, code, 404);
    expect((await bazaarCounts(ctx, b.id)).listings).toBe(0);
  });

  it('refuses each of the rules: busy, defending, already listed, last hero, residents, last land, goods', async () => {
    const t = await trader(ctx, { level: 10 });
    const refused = (body: Record<string, unknown>, code: string) =>
      expectRefused(ctx, t, body, code);
    const hero = (heroid: number) => heroLot(heroid, { price: 100 });
    // On a mission: a real start (a search for elementals on the starter land).
    const start = await t.api.post('/misaar/mission/start', {
      missionType: 'SEARCHELEMENT',
      heroid: t.residentId,
      landid: t.landid,
      elemid: 0,
    });
    expect(start.status).toBe(200);
    await refused(hero(t.residentId), 'HERO_BUSY');
    // The land the mission runs on is busy.
    await clearResidences(ctx, t);
    await refused(landLot(t.landid, { price: 100 }), 'LAND_BUSY');
    // Defending in the Arena.
    const heroes = await t.api.heroes();
    const third = heroes.find((h) => h.heroid !== t.heroid && h.heroid !== t.residentId)!;
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/halba/defence',
          headers: { cookie: t.cookie },
          payload: { heroes: [third.heroid] },
        })
      ).statusCode,
    ).toBe(200);
    await refused(hero(third.heroid), 'HERO_DEFENDING');
    // Listed already.
    expect((await list(ctx.app, t.cookie, hero(t.heroid))).status).toBe(201);
    await refused(hero(t.heroid), 'ALREADY_LISTED');
    // Goods: more than the land holds.
    const tooMuch: Array<[string, number, object]> = [
      ['TOWER_STONE', 51, {}],
      ['shards', 1, { elemid: 2 }],
      ['elementals', 1_000_000, { elemid: 1 }],
    ];
    for (const [item, quantity, element] of tooMuch) {
      await refused(
        goodsLot(t.landid, item, quantity, { ...element, price: 5 }),
        'NOT_ENOUGH_GOODS',
      );
    }
    // Residents: one hero moves back onto the second land.
    await ctx.database.db.execute(
      sql`update heroes set residence_id = ${t.secondLandId} where id = ${third.heroid}`,
    );
    await refused(landLot(t.secondLandId, { price: 100 }), 'LAND_HAS_RESIDENTS');
  });

  it('the last unlisted hero and the last unlisted land cannot be sold', async () => {
    const t = await trader(ctx);
    const heroes = await t.api.heroes();
    const [first, second, third] = heroes.map((h) => h.heroid);
    await clearResidences(ctx, t);
    for (const id of [first!, second!]) {
      expect((await list(ctx.app, t.cookie, heroLot(id, { price: 10 }))).status).toBe(201);
    }
    await expectRefused(ctx, t, heroLot(third!, { price: 10 }), 'LAST_HERO');
    expect((await list(ctx.app, t.cookie, landLot(t.secondLandId, { price: 10 }))).status).toBe(
      201,
    );
    await expectRefused(ctx, t, landLot(t.landid, { price: 10 }), 'LAST_LAND');
  });
});

describe('POST /souq/bazaar/listings: goods into escrow', () => {
  it('items, shards and elementals leave the land into the listing (bazaar:list)', async () => {
    const t = await trader(ctx);
    const now = ctx.clock.now();
    await grantToLand(
      ctx.database.db,
      t.landid,
      { shards: { element: 2, amount: 7 }, elementals: { element: 1, amount: 40 } },
      now,
    );
    const stones = await list(
      ctx.app,
      t.cookie,
      goodsLot(t.landid, 'TOWER_STONE', 20, { price: 200 }),
    );
    expect(stones.status).toBe(201);
    expect(stones.body.listing).toMatchObject({
      kind: 'goods',
      item: 'TOWER_STONE',
      quantity: 20,
      title: '20 × Tower Stone',
    });
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(30);
    const shards = await list(
      ctx.app,
      t.cookie,
      goodsLot(t.landid, 'shards', 7, { elemid: 2, currency: 'platinum', price: 3 }),
    );
    expect(shards.status).toBe(201);
    expect(shards.body.listing).toMatchObject({
      item: 'shards',
      element: 2,
      title: '7 Water shards',
    });
    const elems = await list(
      ctx.app,
      t.cookie,
      goodsLot(t.landid, 'elementals', 30, { elemid: 1, price: 90 }),
    );
    expect(elems.status).toBe(201);
    expect(elems.body.listing.title).toBe('30 Fire elementals');
    const [row] = await queryRows<{ shards: number; volume: number }>(
      ctx.database.db,
      sql`select shards, vault_volume::float8 as volume from land_elements where land_id = ${t.landid} and element = 2`,
    );
    expect(Number(row!.shards)).toBe(0);
    const list_ = await queryRows<{ cause: string; asset: string; delta: string }>(
      ctx.database.db,
      sql`select cause, asset, delta from ledger where cause = 'bazaar:list' and profile_id = ${t.id} order by id`,
    );
    expect(list_.map((r) => [r.asset, Number(r.delta)])).toEqual([
      ['item', -20],
      ['shards', -7],
      ['vault', -30],
    ]);
    await expectBooksBalanced(ctx);
  });

  it('a listed land is sold with its inventory: its goods cannot be listed apart (409 LAND_LISTED)', async () => {
    const t = await trader(ctx);
    await clearResidences(ctx, t);
    expect((await list(ctx.app, t.cookie, landLot(t.landid, { price: 500 }))).status).toBe(201);
    await expectRefused(ctx, t, goodsLot(t.landid, 'TOWER_STONE', 1, { price: 5 }), 'LAND_LISTED');
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(50);
  });
});
