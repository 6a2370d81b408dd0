import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PlayerSignals, SignalClusters } from '@aleph/contracts';
import { sharesCluster } from '../src/core/clusters.js';
import { queryRows } from '../src/db/client.js';
import { grantToLand, grantToProfile } from '../src/modules/world/grants.js';
import { cookiesFrom, createTestContext, registerPlayer, type TestContext } from './helpers.js';
import { client, expectBooksBalanced, starter } from './game-helpers.js';
import { list } from './bazaar-test-kit.js';
import type { Player } from './abuse-players.js';
import { as, withRole } from './staff-helpers.js';

/**
 * Bazaar sales between linked accounts (docs/operations.md, "Moderation"): two accounts that
 * signed in from one address or one browser within 30 days share a cluster; a sale between
 * them is flagged on the listing and shows on both players' signals and in the cluster's count,
 * from the buyer to the seller, for the sale's price. A sale between strangers shows nowhere.
 */

let ctx: TestContext;
let moderator: Player;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  moderator = await withRole(ctx, 'moderator');
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
let addresses = 0;
/** A documentation-range address no other player of this file signs in from. */
const freshAddress = () => `198.51.100.${++addresses}`;

/** A trader at level 2 with gold and Tower Stones who signed in from `address` (and `device`). */
async function traderAt(address: string, device = '') {
  const reg = await registerPlayer(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username: reg.login, password: reg.password },
    remoteAddress: address,
    headers: device ? { cookie: device } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = cookiesFrom(res, device);
  const db = ctx.database.db;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where login = ${reg.login}`,
  );
  const id = Number(row!.id);
  const now = ctx.clock.now();
  await db.execute(sql`update profiles set level = 2 where id = ${id}`);
  await grantToProfile(db, id, { gold: 10_000 }, now);
  const { land } = await starter(client(ctx, cookie));
  await grantToLand(db, land.landid, { items: { TOWER_STONE: 20 } }, now);
  return {
    id,
    cookie,
    landid: land.landid,
    device: /aleph_device=[^;]+/.exec(cookie)?.[0] ?? '',
  };
}
type Trader = Awaited<ReturnType<typeof traderAt>>;

/** `seller` lists 2 Tower Stones at `price` gold and `buyer` buys them; answers the listing id. */
async function sale(seller: Trader, buyer: Trader, price: number) {
  const listed = await list(ctx.app, seller.cookie, {
    kind: 'goods',
    landid: seller.landid,
    item: 'TOWER_STONE',
    quantity: 2,
    currency: 'gold',
    price,
  });
  expect(listed.status, JSON.stringify(listed.body)).toBe(201);
  const id = listed.body.listing.id as number;
  const bought = await ctx.app.inject({
    method: 'POST',
    url: `/souq/bazaar/listings/${id}/buy`,
    headers: { cookie: buyer.cookie },
    payload: { landid: buyer.landid },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return id;
}

const signalsOf = async (id: number) => {
  const res = await as(ctx, moderator, { method: 'GET', url: `/diwan/players/${id}/signals` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlayerSignals;
};
const clusterOf = async (id: number) => {
  const res = await as(ctx, moderator, { method: 'GET', url: '/diwan/signals/clusters' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SignalClusters).clusters.find((c) => c.members.some((m) => m.id === id));
};
const listingRow = async (id: number) => {
  const [row] = await queryRows<{ flagged: boolean; closed_at: Date | string }>(
    ctx.database.db,
    sql`select flagged, closed_at from bazaar_listings where id = ${id}`,
  );
  return { flagged: row!.flagged, closedAt: new Date(row!.closed_at).toISOString() };
};

describe('sharesCluster', () => {
  it('links accounts of one address or one browser within 30 days, and nobody else', async () => {
    const home = freshAddress();
    const a = await traderAt(home);
    const b = await traderAt(home);
    // c signs in from elsewhere, in a's browser.
    const c = await traderAt(freshAddress(), a.device);
    const d = await traderAt(freshAddress());
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const shares = (x: Trader, y: Trader, at = now) => sharesCluster(db, x.id, y.id, at);
    expect(await shares(a, b)).toBe(true);
    expect(await shares(b, a)).toBe(true);
    expect(await shares(a, c)).toBe(true);
    expect(await shares(c, a)).toBe(true);
    expect(await shares(a, d)).toBe(false);
    expect(await shares(d, b)).toBe(false);
    // b and c share neither an address nor a browser with each other.
    expect(await shares(b, c)).toBe(false);
    expect(await shares(a, a)).toBe(false);
    // After 30 days the sign-ins link nobody any more.
    const later = new Date(now.getTime() + 31 * DAY);
    expect(await shares(a, b, later)).toBe(false);
    expect(await shares(a, c, later)).toBe(false);
  });
});

describe('Bazaar sales in the signals', () => {
  it('flag a sale between accounts of one cluster on both pages and in the cluster', async () => {
    const home = freshAddress();
    const seller = await traderAt(home);
    const buyer = await traderAt(home);
    const id = await sale(seller, buyer, 700);
    const row = await listingRow(id);
    expect(row.flagged).toBe(true);
    const transfer = {
      kind: 'bazaar',
      id,
      at: row.closedAt,
      fromId: buyer.id,
      toId: seller.id,
      amount: 700,
    };
    expect((await signalsOf(seller.id)).flagged).toEqual([transfer]);
    expect((await signalsOf(buyer.id)).flagged).toEqual([transfer]);
    const cluster = await clusterOf(seller.id);
    expect(cluster?.members.map((m) => m.id).sort((x, y) => x - y)).toEqual(
      [seller.id, buyer.id].sort((x, y) => x - y),
    );
    expect(cluster?.flagged).toBe(1);
    // A second sale the other way is a second transfer.
    const back = await sale(buyer, seller, 300);
    const [latest] = (await signalsOf(seller.id)).flagged;
    expect(latest).toMatchObject({ kind: 'bazaar', id: back, fromId: seller.id, toId: buyer.id });
    expect((await clusterOf(seller.id))?.flagged).toBe(2);
    await expectBooksBalanced(ctx);
  });

  it('leave a sale between strangers unflagged and out of every page', async () => {
    const seller = await traderAt(freshAddress());
    const buyer = await traderAt(freshAddress());
    const id = await sale(seller, buyer, 900);
    expect((await listingRow(id)).flagged).toBe(false);
    expect((await signalsOf(seller.id)).flagged).toEqual([]);
    expect((await signalsOf(buyer.id)).flagged).toEqual([]);
    expect(await clusterOf(seller.id)).toBeUndefined();
    await expectBooksBalanced(ctx);
  });

  it('drop a flagged sale from the signals after 30 days', async () => {
    const home = freshAddress();
    const seller = await traderAt(home);
    const buyer = await traderAt(home);
    await sale(seller, buyer, 500);
    expect((await signalsOf(seller.id)).flagged).toHaveLength(1);
    ctx.clock.advance(31 * DAY);
    expect((await signalsOf(seller.id)).flagged).toEqual([]);
  });
});
