import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Message } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import type { Player } from './abuse-players.js';
import { as, lastStaffLog, staffLogCount, withRole } from './staff-helpers.js';
import {
  cancel,
  getListing,
  landItem,
  list,
  trader,
  treasury,
  type Trader,
} from './bazaar-test-kit.js';

/**
 * Staff cancel any open listing (docs/operations.md, "Moderation"): `POST
 * /diwan/bazaar/{id}/cancel` with a reason returns what the listing holds to the seller,
 * releases an auction's held bid, keeps the listing fee, tells the seller and leaves one
 * staff-log row. Players are answered 404 as for a path the server does not serve, bad input
 * is a 400 naming the field, and of two staff cancelling at once exactly one succeeds.
 */

let ctx: TestContext;
let moderator: Player;
let admin: Player;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await withRole(ctx, 'moderator');
  admin = await withRole(ctx, 'admin');
});
afterAll(() => ctx.close());

const reason = 'Listed with a misleading title';

const staffCancel = async (
  who: { cookie: string },
  id: number | string,
  body: object = { reason },
) => {
  const res = await as(ctx, who as Player, {
    method: 'POST',
    url: `/diwan/bazaar/${id}/cancel`,
    body,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

/** `seller` lists `quantity` Tower Stones at `price` gold; answers the listing id. */
async function goodsListing(seller: Trader, quantity = 5, price = 1000) {
  const res = await list(ctx.app, seller.cookie, {
    kind: 'goods',
    landid: seller.landid,
    item: 'TOWER_STONE',
    quantity,
    currency: 'gold',
    price,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.listing.id as number;
}

/** What a refused cancel must leave as it was. */
async function state(seller: Trader, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select status, closed_at, cancelled_by, cancel_reason, quantity from bazaar_listings
      where id = ${id}`,
  );
  return {
    row,
    treasury: await treasury(ctx, seller.id),
    stones: await landItem(ctx, seller.landid, 'TOWER_STONE'),
    staffLog: await staffLogCount(ctx),
  };
}

const listingRow = async (id: number) => {
  const [row] = await queryRows<{
    status: string;
    cancelled_by: number | null;
    cancel_reason: string | null;
    closed_at: unknown;
  }>(
    ctx.database.db,
    sql`select status, cancelled_by, cancel_reason, closed_at from bazaar_listings where id = ${id}`,
  );
  return row!;
};

describe('staff cancel a listing', () => {
  it('returns the goods, keeps the fee, tells the seller and logs it', async () => {
    const seller = await trader(ctx);
    const stones = await landItem(ctx, seller.landid, 'TOWER_STONE');
    const gold = (await treasury(ctx, seller.id)).gold;
    const id = await goodsListing(seller, 5, 1000);
    expect(await landItem(ctx, seller.landid, 'TOWER_STONE')).toBe(stones - 5);

    const res = await staffCancel(moderator, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, staffLogId: expect.any(Number) });
    expect(await lastStaffLog(ctx)).toMatchObject({
      id: res.body.staffLogId,
      actorId: moderator.id,
      action: 'bazaar.cancel',
      targetUserId: seller.id,
      reason,
      details: { listingId: id, kind: 'goods', currency: 'gold', price: 1000 },
    });
    expect(await landItem(ctx, seller.landid, 'TOWER_STONE')).toBe(stones);
    // The listing fee (1 % of 1,000) is not refunded.
    expect((await treasury(ctx, seller.id)).gold).toBe(gold - 10);
    expect(await listingRow(id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: moderator.id,
      cancel_reason: reason,
    });
    const seen = await getListing(ctx.app, seller.cookie, id);
    expect(seen.body).toMatchObject({ status: 'cancelled' });
    const inbox = (await seller.api.get('/hatif/messages')).body as Message[];
    const newest = inbox.sort((a, b) => b.msgid - a.msgid)[0]!;
    expect(`${newest.subject} ${newest.body}`).toContain(reason);
    await expectBooksBalanced(ctx);
  });

  it('cancels an auction with a bid (players cannot) and releases the held bid', async () => {
    const seller = await trader(ctx);
    const bidder = await trader(ctx);
    const listed = await list(ctx.app, seller.cookie, {
      kind: 'hero',
      heroid: seller.heroid,
      currency: 'gold',
      auction: { startPrice: 2000, days: 1 },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const id = listed.body.listing.id as number;
    const before = await treasury(ctx, bidder.id);
    const bid = await bidder.api.post(`/souq/bazaar/listings/${id}/bids`, { amount: 2000 });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    expect((await treasury(ctx, bidder.id)).gold).toBe(before.gold - 2000);
    expect((await cancel(ctx.app, seller.cookie, id)).body).toMatchObject({
      code: 'AUCTION_HAS_BIDS',
    });

    const res = await staffCancel(admin, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await treasury(ctx, bidder.id)).toEqual(before);
    const bids = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from bazaar_bids where listing_id = ${id}`,
    );
    expect(bids.map((b) => b.status)).toEqual(['released']);
    const [release] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger
        where profile_id = ${bidder.id} and cause = 'bazaar:release' and cause_id = ${id}`,
    );
    expect(release!.n).toBe(1);
    // The bidder is told why their gold came back.
    const told = await queryRows<{ subject: string; body: string }>(
      ctx.database.db,
      sql`select subject, body from messages where profile_id = ${bidder.id}
        and subject like 'Auction cancelled:%'`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('2,000 gold is back in your treasury');
    expect(await lastStaffLog(ctx)).toMatchObject({
      action: 'bazaar.cancel',
      targetUserId: seller.id,
      details: { listingId: id, kind: 'hero', heroId: seller.heroid },
    });
    // The hero is out of escrow: it may be listed again.
    const again = await list(ctx.app, seller.cookie, {
      kind: 'hero',
      heroid: seller.heroid,
      currency: 'gold',
      price: 3000,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await expectBooksBalanced(ctx);
  });
});

describe('refused staff cancels change nothing', () => {
  it('answers a player 404, even the seller, as for a path the server does not serve', async () => {
    const seller = await trader(ctx);
    const id = await goodsListing(seller);
    const before = await state(seller, id);
    for (const who of [seller, await trader(ctx)]) {
      const res = await staffCancel(who, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await state(seller, id)).toEqual(before);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const seller = await trader(ctx);
    const id = await goodsListing(seller);
    const before = await state(seller, id);
    const cases: Array<[number | string, object, string]> = [
      [id, {}, 'reason'],
      [id, { reason: 'no' }, 'reason'],
      [id, { reason: 'x'.repeat(501) }, 'reason'],
      [id, { reason: 42 }, 'reason'],
      [id, { reason, extra: 1 }, 'extra'],
      ['abc', { reason }, 'id'],
      [0, { reason }, 'id'],
      [2_147_483_648, { reason }, 'id'],
    ];
    for (const [target, body, field] of cases) {
      const res = await staffCancel(moderator, target, body);
      const what = `${target} ${JSON.stringify(body)}`;
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ field });
    }
    expect(await state(seller, id)).toEqual(before);
  });

  it('answers 404 for no such listing and 409 for a closed one', async () => {
    const logged = await staffLogCount(ctx);
    const missing = await staffCancel(moderator, 2_147_483_647);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'LISTING_NOT_FOUND' });
    const seller = await trader(ctx);
    const id = await goodsListing(seller);
    expect((await cancel(ctx.app, seller.cookie, id)).status).toBe(200);
    const before = await state(seller, id);
    const closed = await staffCancel(moderator, id);
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ code: 'LISTING_CLOSED' });
    expect(await state(seller, id)).toEqual(before);
    expect(await staffLogCount(ctx)).toBe(logged);
  });
});

describe('two staff members at once', () => {
  it('cancel one listing: one success, one 409, one staff-log row, the goods back once', async () => {
    const seller = await trader(ctx);
    const stones = await landItem(ctx, seller.landid, 'TOWER_STONE');
    const id = await goodsListing(seller, 7);
    const logged = await staffLogCount(ctx);
    const answers = await Promise.all([moderator, admin].map((who) => staffCancel(who, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ code: 'LISTING_CLOSED' });
    expect(await staffLogCount(ctx)).toBe(logged + 1);
    expect(await landItem(ctx, seller.landid, 'TOWER_STONE')).toBe(stones);
    await expectBooksBalanced(ctx);
  });
});
