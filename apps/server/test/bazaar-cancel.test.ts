import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listingFee } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { staffCancelListing } from '../src/modules/bazaar/cancel.js';
import { grantToLand } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import { cancel, landItem, list, trader, treasury, type Trader } from './bazaar-test-kit.js';

/**
 * Cancelling a listing: the seller's (everything back, the fee kept; not theirs 404, closed 409,
 * an auction with a bid 409) and staff's (any open listing, the held bid released, the seller
 * told why). Elementals come back whole to a vault with room, or the cancel is refused.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const stones = (t: Trader, quantity: number, extra = {}) =>
  list(ctx.app, t.cookie, {
    kind: 'goods',
    landid: t.landid,
    item: 'TOWER_STONE',
    quantity,
    currency: 'gold',
    price: 300,
    ...extra,
  });

/** A real bid (POST .../bids): its amount is held from the bidder's treasury. */
const bid = (t: Trader, id: number, amount: number) =>
  t.api.post(`/souq/bazaar/listings/${id}/bids`, { amount });

async function vault(landId: number, element: number) {
  const [row] = await queryRows<{ v: number }>(
    ctx.database.db,
    sql`select vault_volume::float8 as v from land_elements where land_id = ${landId} and element = ${element}`,
  );
  return Number(row!.v);
}

describe('DELETE /souq/bazaar/listings/{id}', () => {
  it('returns the goods to their land (bazaar:return); the listing fee is not refunded', async () => {
    const t = await trader(ctx);
    const listed = await stones(t, 20);
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(30);
    const res = await cancel(ctx.app, t.cookie, listed.body.listing.id);
    expect(res.status).toBe(200);
    expect(res.body.listing).toMatchObject({ status: 'cancelled', quantity: 20 });
    expect(res.body.listing.closedAt).toBe(ctx.clock.now().toISOString());
    expect(res.body.gold).toBe(10_000 - listingFee(300));
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(50);
    const back = await queryRows<{ delta: string; cause_id: string }>(
      ctx.database.db,
      sql`select delta, cause_id from ledger where cause = 'bazaar:return' and profile_id = ${t.id}`,
    );
    expect(back.map((r) => [Number(r.delta), r.cause_id])).toEqual([
      [20, String(res.body.listing.id)],
    ]);
    await expectBooksBalanced(ctx);
  });

  it("answers 404 for someone else's or a missing listing and 409 for a closed one; nothing changes", async () => {
    const t = await trader(ctx);
    const other = await trader(ctx);
    const id = (await stones(t, 5)).body.listing.id;
    const theirs = await cancel(ctx.app, other.cookie, id);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'LISTING_NOT_FOUND']);
    const missing = await cancel(ctx.app, t.cookie, 2_000_000_000);
    expect([missing.status, missing.body.code]).toEqual([404, 'LISTING_NOT_FOUND']);
    const bad = await cancel(ctx.app, t.cookie, 0);
    expect([bad.status, bad.body.field]).toEqual([400, 'id']);
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(45);
    expect((await cancel(ctx.app, t.cookie, id)).status).toBe(200);
    const again = await cancel(ctx.app, t.cookie, id);
    expect([again.status, again.body.code]).toEqual([409, 'LISTING_CLOSED']);
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(50);
    await expectBooksBalanced(ctx);
  });

  it('refuses an auction with a bid (409 AUCTION_HAS_BIDS): the goods stay in the listing', async () => {
    const t = await trader(ctx);
    const bidder = await trader(ctx);
    const id = (await stones(t, 10, { auction: { days: 1 } })).body.listing.id;
    expect((await bid(bidder, id, 300)).status).toBe(200);
    const res = await cancel(ctx.app, t.cookie, id);
    expect([res.status, res.body.code]).toEqual([409, 'AUCTION_HAS_BIDS']);
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(40);
    const [row] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from bazaar_listings where id = ${id}`,
    );
    expect(row!.status).toBe('open');
  });

  it('parallel cancels of one listing return the goods once', async () => {
    const t = await trader(ctx);
    const id = (await stones(t, 12)).body.listing.id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => cancel(ctx.app, t.cookie, id)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(50);
    await expectBooksBalanced(ctx);
  });
});

describe('elementals back to a vault', () => {
  it('go whole to another land of the seller when their own vault filled up, else 409 VAULT_FULL', async () => {
    const t = await trader(ctx);
    const now = ctx.clock.now();
    const db = ctx.database.db;
    await grantToLand(db, t.landid, { elementals: { element: 1, amount: 400 } }, now);
    const listed = await list(ctx.app, t.cookie, {
      kind: 'goods',
      landid: t.landid,
      item: 'elementals',
      elemid: 1,
      quantity: 300,
      currency: 'gold',
      price: 50,
    });
    expect(listed.status).toBe(201);
    const id = listed.body.listing.id;
    // Both vaults fill to their cap (1,000 at tower level 0): no room for 300 anywhere.
    await grantToLand(db, t.landid, { elementals: { element: 1, amount: 900 } }, now);
    await grantToLand(db, t.secondLandId!, { elementals: { element: 1, amount: 1000 } }, now);
    const before = { first: await vault(t.landid, 1), second: await vault(t.secondLandId!, 1) };
    const full = await cancel(ctx.app, t.cookie, id);
    expect([full.status, full.body.code]).toEqual([409, 'VAULT_FULL']);
    expect({ first: await vault(t.landid, 1), second: await vault(t.secondLandId!, 1) }).toEqual(
      before,
    );
    // The second land makes room (a mission would; here an operator's take-back): all 300 go there.
    await grantToLand(db, t.secondLandId!, { elementals: { element: 1, amount: -700 } }, now);
    const res = await cancel(ctx.app, t.cookie, id);
    expect(res.status).toBe(200);
    expect(await vault(t.landid, 1)).toBe(1000);
    expect(await vault(t.secondLandId!, 1)).toBe(600);
    await expectBooksBalanced(ctx);
  });
});

describe('staff cancel', () => {
  it('cancels an auction with a held bid: the bid released to its bidder, goods back, seller told why', async () => {
    const t = await trader(ctx);
    const bidder = await trader(ctx);
    const id = (await stones(t, 10, { auction: { days: 3 } })).body.listing.id;
    const db = ctx.database.db;
    expect((await bid(bidder, id, 300)).status).toBe(200);
    expect((await treasury(ctx, bidder.id)).gold).toBe(10_000 - 300);
    const staff = await trader(ctx);
    const answer = await staffCancelListing(db, staff.id, id, 'Offensive title', ctx.clock.now());
    expect(answer.listing.status).toBe('cancelled');
    expect((await treasury(ctx, bidder.id)).gold).toBe(10_000);
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(50);
    const [row] = await queryRows<{ cancelled_by: number; cancel_reason: string; bid: string }>(
      db,
      sql`select l.cancelled_by, l.cancel_reason, (select status from bazaar_bids where listing_id = l.id) as bid
          from bazaar_listings l where l.id = ${id}`,
    );
    expect(row).toEqual({
      cancelled_by: staff.id,
      cancel_reason: 'Offensive title',
      bid: 'released',
    });
    const [msg] = await queryRows<{ subject: string; body: string }>(
      db,
      sql`select subject, body from messages where profile_id = ${t.id} and subject like '%Bazaar%'`,
    );
    expect(msg!.subject).toContain('10 × Tower Stone');
    expect(msg!.body).toContain('Offensive title');
    await expect(
      staffCancelListing(db, staff.id, id, 'again', ctx.clock.now()),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'LISTING_CLOSED',
    });
    await expectBooksBalanced(ctx);
  });
});
