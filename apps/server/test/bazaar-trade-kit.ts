import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Element } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { grantToLand } from '../src/modules/world/grants.js';
import { goodsLot, list, type Answer, type Trader } from './bazaar-test-kit.js';
import type { TestContext } from './helpers.js';

/** Buying, bidding and what they leave behind, for the Bazaar's trade suites. */

async function post(
  ctx: TestContext,
  cookie: string,
  url: string,
  payload: object,
): Promise<Answer> {
  const res = await ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

export const buy = (ctx: TestContext, cookie: string, id: number | string, body: object = {}) =>
  post(ctx, cookie, `/souq/bazaar/listings/${id}/buy`, body);

export const bid = (ctx: TestContext, cookie: string, id: number | string, amount: unknown) =>
  post(ctx, cookie, `/souq/bazaar/listings/${id}/bids`, { amount });

/** Lists through the API (escrow and fee as a player's listing) and answers the listing's id. */
export async function listed(ctx: TestContext, seller: Trader, body: Record<string, unknown>) {
  const res = await list(ctx.app, seller.cookie, { currency: 'gold', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.listing.id as number;
}

/** The seller's listable hero by auction: start price, optional buy-now, 1 day. */
export const heroAuction = (
  ctx: TestContext,
  seller: Trader,
  startPrice: number,
  buyNow?: number,
) =>
  listed(ctx, seller, {
    kind: 'hero',
    heroid: seller.heroid,
    auction: { startPrice, days: 1, ...(buyNow ? { buyNow } : {}) },
  });

/** Each [bidder, amount] bids on the listing, in turn; every bid must be taken. */
export async function placeBids(ctx: TestContext, id: number, ...bids: Array<[Trader, number]>) {
  for (const [bidder, amount] of bids) {
    const res = await bid(ctx, bidder.cookie, id, amount);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** The seller's listable hero by auction (as heroAuction), then the bids in turn. */
export async function biddenAuction(
  ctx: TestContext,
  seller: Trader,
  { startPrice, buyNow }: { startPrice: number; buyNow?: number },
  ...bids: Array<[Trader, number]>
) {
  const id = await heroAuction(ctx, seller, startPrice, buyNow);
  await placeBids(ctx, id, ...bids);
  return id;
}

/** Elementals of one element onto each land: a vault filled to refuse more, or goods to sell. */
export async function grantElementals(
  ctx: TestContext,
  landids: number[],
  element: Element,
  amount: number,
) {
  for (const landid of landids) {
    await grantToLand(
      ctx.database.db,
      landid,
      { elementals: { element, amount } },
      ctx.clock.now(),
    );
  }
}

/** Elementals granted to the seller's starter land, then all of them listed on `terms`. */
export async function elementalsListed(
  ctx: TestContext,
  seller: Trader,
  element: Element,
  quantity: number,
  terms: Record<string, unknown>,
) {
  await grantElementals(ctx, [seller.landid], element, quantity);
  return listed(
    ctx,
    seller,
    goodsLot(seller.landid, 'elementals', quantity, { elemid: element, ...terms }),
  );
}

export async function listingRow(ctx: TestContext, id: number) {
  const [row] = await queryRows<{
    status: string;
    buyer_id: number | null;
    sale_price: string | null;
    sale_fee: string | null;
    ends_at: Date | string;
    bid_count: number;
    current_bid: string | null;
    bidder_id: number | null;
    flagged: boolean;
  }>(ctx.database.db, sql`select * from bazaar_listings where id = ${id}`);
  return row!;
}

export async function heroRow(ctx: TestContext, heroId: number) {
  const [row] = await queryRows<{ owner_id: number; residence_id: number | null }>(
    ctx.database.db,
    sql`select owner_id, residence_id from heroes where id = ${heroId}`,
  );
  return row!;
}

/** Push events of one type stored for a player, oldest first. */
export async function eventsOf(ctx: TestContext, profileId: number, type: string) {
  const rows = await queryRows<{ data: Record<string, unknown> }>(
    ctx.database.db,
    sql`select data from player_events where profile_id = ${profileId} and type = ${type} order by seq`,
  );
  return rows.map((r) => r.data);
}

/** Inbox subjects of a player that start with `prefix`. */
export async function inboxOf(ctx: TestContext, profileId: number, prefix: string) {
  const rows = await queryRows<{ subject: string; body: string }>(
    ctx.database.db,
    sql`select subject, body from messages where profile_id = ${profileId}
        and subject like ${`${prefix}%`} order by id`,
  );
  return rows;
}

/** Ledger entries of one listing, by cause: the sum of their deltas. */
export async function ledgerOf(ctx: TestContext, listingId: number) {
  const rows = await queryRows<{ cause: string; total: string }>(
    ctx.database.db,
    sql`select cause, sum(delta) as total from ledger where cause_id = ${String(listingId)}
        and cause like 'bazaar:%' group by cause`,
  );
  return Object.fromEntries(rows.map((r) => [r.cause, Number(r.total)]));
}

/** Held bids of a listing: their count and sum. */
export async function holdsOf(ctx: TestContext, listingId: number) {
  const [row] = await queryRows<{ n: number; total: string | null }>(
    ctx.database.db,
    sql`select count(*)::int as n, sum(amount) as total from bazaar_bids
        where listing_id = ${listingId} and status = 'held'`,
  );
  return { count: Number(row!.n), total: Number(row!.total ?? 0) };
}
