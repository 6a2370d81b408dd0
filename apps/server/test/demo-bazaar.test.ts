import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ListingPage, ListingSummary, MyBazaar, PriceHistory } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { ensureDemoWorld } from '../src/seed/demo.js';
import { cookiesFrom, createTestContext, type TestContext } from './helpers.js';
import { client, HOUR, type Client } from './game-helpers.js';

let ctx: TestContext;
let demo: Client;
let veteran: Client;
let veteranId: number;

const logIn = async (username: string, password: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`${username} login failed: ${res.body}`);
  return client(ctx, cookiesFrom(res));
};

/** Every open listing a search finds, page by page as a browser walks them. */
async function allOpen(api: Client, query: string): Promise<ListingSummary[]> {
  const out: ListingSummary[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/souq/bazaar/listings?limit=100&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api.get(url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as ListingPage;
    out.push(...page.listings);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const world = await ensureDemoWorld(ctx.database.db, ctx.clock.now());
  if (!world.created || !world.veteran) throw new Error('the demo world was not created');
  demo = await logIn('demo', world.password);
  veteran = await logIn('veteran', world.veteran.password);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = 'veteran'`,
  );
  veteranId = Number(row!.id);
  // The world's hundreds of real listings and sales take a while on a busy machine.
}, 240_000);
afterAll(() => ctx.close());

describe("the demo world's Bazaar", () => {
  it('offers over a hundred listings of every kind, fixed and by auction, in gold and platinum', async () => {
    const open = await allOpen(demo, 'sort=newest');
    expect(open.length).toBeGreaterThanOrEqual(130);
    expect(new Set(open.map((l) => l.kind))).toEqual(new Set(['hero', 'land', 'goods']));
    const heroes = open.filter((l) => l.kind === 'hero');
    expect(new Set(heroes.map((l) => l.rarity))).toEqual(new Set([0, 1, 2, 3, 4]));
    const lands = open.filter((l) => l.kind === 'land');
    expect(new Set(lands.map((l) => l.terrain)).size).toBeGreaterThanOrEqual(4);
    const items = new Set(open.filter((l) => l.kind === 'goods').map((l) => l.item));
    for (const item of ['TOWER_STONE', 'SKILL_POT', 'LUCKY_COIN', 'elementals', 'shards']) {
      expect(items).toContain(item);
    }
    expect([...items].some((i) => i?.startsWith('SEAL_'))).toBe(true);
    expect(open.filter((l) => l.currency === 'platinum').length).toBeGreaterThan(5);
    expect(open.filter((l) => l.auction).length).toBeGreaterThanOrEqual(20);
    expect(open.filter((l) => l.auction && l.auction.bids > 0).length).toBeGreaterThanOrEqual(10);
    expect(new Set(open.map((l) => l.seller.profileid)).size).toBeGreaterThanOrEqual(10);
  });

  it('has auctions ending within the hour, some of them with bids', async () => {
    const res = await demo.get('/souq/bazaar/listings?auction=true&sort=ending&limit=20');
    const now = ctx.clock.now().getTime();
    const soon = (res.body as ListingPage).listings.filter(
      (l) => Date.parse(l.endsAt) > now && Date.parse(l.endsAt) <= now + HOUR,
    );
    expect(soon.length).toBeGreaterThanOrEqual(10);
    expect(soon.some((l) => l.auction!.bids > 0)).toBe(true);
  });

  it('draws thirty days of price history for hero rarities, land terrains and items', async () => {
    const series = async (query: string) => {
      const res = await demo.get(`/souq/bazaar/prices?${query}`);
      expect(res.status).toBe(200);
      const days = (res.body as PriceHistory).days;
      expect(days).toHaveLength(30);
      return days.filter((d) => d.volume > 0);
    };
    const common = await series('kind=hero&rarity=0');
    expect(common.length).toBeGreaterThanOrEqual(20);
    expect(common.every((d) => d.median! > 0)).toBe(true);
    expect((await series('kind=hero&rarity=1')).length).toBeGreaterThanOrEqual(5);
    expect((await series('kind=goods&item=TOWER_STONE')).length).toBeGreaterThanOrEqual(5);
    for (const terrain of [0, 1, 2, 3, 4]) {
      expect((await series(`kind=land&terrain=${terrain}`)).length).toBeGreaterThan(0);
    }
    // The price of a Common hero is a hero's, not a land's: the series are kept apart.
    const land = await series('kind=land&terrain=0');
    expect(Math.min(...land.map((d) => d.median!))).toBeGreaterThan(
      Math.max(...common.map((d) => d.median!)),
    );
  });

  it("shows the veteran's open listings, bids and past sales with their fees in My Bazaar", async () => {
    const res = await veteran.get('/souq/bazaar/mine');
    expect(res.status).toBe(200);
    const mine = res.body as MyBazaar;
    const open = mine.listings.filter((l) => l.status === 'open');
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(open.some((l) => l.auction && l.auction.bids > 0)).toBe(true);
    expect(mine.sales.length).toBeGreaterThanOrEqual(5);
    for (const s of mine.sales) {
      expect(s.saleFee).toBeGreaterThan(0);
      expect(s.proceeds).toBe(s.price - s.saleFee);
      expect(s.counterpart.profileid).not.toBe(veteranId);
    }
    expect(mine.bids.filter((b) => b.held).length).toBeGreaterThanOrEqual(1);
    // Others see the same offers on the veteran's public stall.
    const stall = await demo.get(`/souq/bazaar/listings?seller=${veteranId}`);
    expect((stall.body as ListingPage).listings).toHaveLength(open.length);
  });

  it('keeps the books exact: every fee, escrow, hold and payment has its ledger entry', async () => {
    expect(await auditLedger(ctx.database.db)).toEqual([]);
    const [row] = await queryRows<{ causes: string[] }>(
      ctx.database.db,
      sql`select array_agg(distinct cause order by cause) as causes from ledger where cause like 'bazaar:%'`,
    );
    expect(row!.causes).toEqual(
      expect.arrayContaining([
        'bazaar:bid',
        'bazaar:buy',
        'bazaar:deliver',
        'bazaar:fee',
        'bazaar:landgold',
        'bazaar:list',
        'bazaar:sale',
      ]),
    );
  });

  it('lets the demo player browse listings they can afford; buying opens at level 2', async () => {
    const gold = (await demo.profile()).treasury.gold;
    const affordable = (
      await demo.get(
        `/souq/bazaar/listings?auction=false&currency=gold&maxPrice=${gold}&sort=price`,
      )
    ).body as ListingPage;
    expect(affordable.listings.length).toBeGreaterThan(5);
    const pick = affordable.listings.find((l) => l.kind === 'hero') ?? affordable.listings[0]!;
    const locked = await demo.post(`/souq/bazaar/listings/${pick.id}/buy`, {});
    expect(locked.status).toBe(403);
    expect((await demo.profile()).treasury.gold).toBe(gold);

    // A trader (the veteran, level 10) buys the same listing over HTTP: it is a real offer.
    const before = (await veteran.profile()).treasury.gold;
    const bought = await veteran.post(`/souq/bazaar/listings/${pick.id}/buy`, {});
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await veteran.profile()).treasury.gold).toBe(before - pick.price);
    const view = await demo.get(`/souq/bazaar/listings/${pick.id}`);
    expect(view.body).toMatchObject({ status: 'sold', salePrice: pick.price });
    if (pick.kind === 'hero') {
      expect((await veteran.heroes()).map((h) => h.heroid)).toContain(pick.heroid);
    }
    expect(await auditLedger(ctx.database.db)).toEqual([]);
  });
});
