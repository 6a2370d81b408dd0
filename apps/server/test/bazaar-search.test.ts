import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ListingPage,
  ListingSearchQuery,
  ListingSort,
  ListingSummary,
} from '@aleph/contracts';
import { seedListings } from '../bench/bazaar-seed.js';
import { queryRows } from '../src/db/client.js';
import { seedWorld } from '../bench/seed.js';
import { encodeCursor } from '../src/modules/bazaar/cursor.js';
import { searchStatements } from '../src/modules/bazaar/search.js';
import { createTestContext, TEST_EPOCH, type TestContext } from './helpers.js';
import { insertListing, readPlayer, type ListingInsert } from './bazaar-read-kit.js';

/**
 * The Bazaar's search (docs/api.md, Bazaar): every filter and sort against a model of the
 * same listings written in plain JavaScript, and cursor pages that give each listing once.
 */
let ctx: TestContext;
let cookie: string;
let sellers: number[];
const model: Array<
  Required<Pick<ListingInsert, 'kind' | 'currency' | 'price'>> & ListingInsert & { id: number }
> = [];

/** mulberry32: a fixed, well-spread sequence, so every filter has listings to find. */
let seed = 7;
const rand = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};

beforeAll(async () => {
  ctx = await createTestContext();
  const players = [await readPlayer(ctx), await readPlayer(ctx), await readPlayer(ctx)];
  cookie = players[0]!.cookie;
  sellers = players.map((p) => p.id);
  const t0 = ctx.clock.now().getTime();
  for (let i = 0; i < 90; i++) {
    const kind = (['hero', 'land', 'goods'] as const)[rand(3)]!;
    const auction = rand(3) === 0;
    // Few distinct prices and times, so ties are everywhere.
    const price = [50, 100, 100, 250, 1000][rand(5)]!;
    const rarity = kind === 'hero' ? rand(5) : null;
    const element = rand(4);
    const terrain = kind === 'land' ? rand(5) : null;
    const item = kind === 'goods' ? ['LUCKY_COIN', 'SEAL_FIRE', 'elementals'][rand(3)]! : null;
    // The series key as a listing's creation writes it (bazaar-schema.ts).
    const goodKey =
      kind === 'hero'
        ? `hero:${rarity}`
        : kind === 'land'
          ? `land:${terrain}`
          : item === 'elementals'
            ? `elementals:${element}`
            : `item:${item}`;
    const l = {
      sellerId: sellers[rand(3)]!,
      kind,
      currency: rand(4) === 0 ? 'platinum' : 'gold',
      price,
      rarity,
      element,
      terrain,
      item,
      goodKey,
      skills: kind === 'hero' ? Array.from({ length: 8 }, () => 10 + rand(60)) : null,
      auctionDays: auction ? 3 : null,
      startPrice: auction ? price : null,
      createdAt: new Date(t0 - rand(10) * 60_000),
      endsAt: new Date(t0 + (1 + rand(8)) * 3_600_000),
    } satisfies ListingInsert;
    model.push({ ...l, id: await insertListing(ctx, l) });
  }
  // Never shown: closed listings, and an open one whose end has passed (awaiting settlement).
  const closed = { sellerId: sellers[0]!, price: 1 };
  await insertListing(ctx, { ...closed, status: 'sold' });
  await insertListing(ctx, { ...closed, status: 'cancelled' });
  await insertListing(ctx, { ...closed, status: 'expired' });
  await insertListing(ctx, { ...closed, endsAt: new Date(t0) });
});
afterAll(() => ctx.close());

type Row = (typeof model)[number];
const SKILLS = [
  'Mastery',
  'Intelligence',
  'Resilience',
  'Agility',
  'Charisma',
  'Luck',
  'Efficiency',
  'Strength',
];

function expected(q: Record<string, string | number | boolean>): number[] {
  const keep = (r: Row) =>
    (q.kind === undefined || r.kind === q.kind) &&
    (q.currency === undefined || r.currency === q.currency) &&
    (q.rarity === undefined || r.rarity === q.rarity) &&
    (q.element === undefined || r.element === q.element) &&
    (q.terrain === undefined || r.terrain === q.terrain) &&
    (q.item === undefined || r.item === q.item) &&
    (q.seller === undefined || r.sellerId === q.seller) &&
    (q.auction === undefined || (r.auctionDays !== null) === q.auction) &&
    (q.minPrice === undefined || r.price >= Number(q.minPrice)) &&
    (q.maxPrice === undefined || r.price <= Number(q.maxPrice)) &&
    SKILLS.every(
      (s, i) => q[`min${s}`] === undefined || (r.skills?.[i] ?? -1) >= Number(q[`min${s}`]),
    );
  const time = (d: Date | undefined) => d!.getTime();
  const order: Record<string, (a: Row, b: Row) => number> = {
    price: (a, b) => a.currency.localeCompare(b.currency) || a.price - b.price || a.id - b.id,
    '-price': (a, b) => b.currency.localeCompare(a.currency) || b.price - a.price || b.id - a.id,
    ending: (a, b) => time(a.endsAt) - time(b.endsAt) || a.id - b.id,
    newest: (a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id,
  };
  return model
    .filter(keep)
    .sort(order[String(q.sort ?? 'newest')])
    .map((r) => r.id);
}

const search = async (q: Record<string, string | number | boolean>) => {
  const query = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/souq/bazaar/listings?${query}`,
    headers: { cookie },
  });
  return { status: res.statusCode, body: res.json() };
};

/** Every page of a search, following nextCursor. */
async function all(q: Record<string, string | number | boolean>) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await search({ ...q, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    const page = res.body as ListingPage;
    ids.push(...page.listings.map((l) => l.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('the cursor never ended');
}

describe('the Bazaar search', () => {
  it('shows the newest 24 open listings by default, none closed or past its end', async () => {
    const res = await search({});
    expect(res.status).toBe(200);
    const page = res.body as ListingPage;
    expect(page.listings.map((l) => l.id)).toEqual(expected({}).slice(0, 24));
    expect(page.nextCursor).not.toBeNull();
    expect(page.listings.every((l) => l.status === 'open')).toBe(true);
  });

  it.each(['price', '-price', 'ending', 'newest'])(
    'pages through every listing sorted by %s, each once in order, ties on price kept',
    async (sort) => {
      const want = expected({ sort });
      expect(want.length).toBe(90);
      expect(await all({ sort, limit: 7 })).toEqual(want);
    },
  );

  const filters: Array<Record<string, string | number | boolean>> = [
    { kind: 'hero' },
    { kind: 'land', terrain: 2 },
    { kind: 'goods', item: 'SEAL_FIRE' },
    { item: 'elementals' },
    { item: 'elementals', element: 2 },
    { rarity: 3 },
    { element: 1 },
    { currency: 'platinum' },
    { currency: 'gold', minPrice: 100, maxPrice: 250 },
    { minPrice: 1000 },
    { maxPrice: 50 },
    { auction: true },
    { auction: false, kind: 'goods' },
    { minStrength: 40 },
    { minMastery: 30, minLuck: 30 },
    { minIntelligence: 50, minResilience: 20, minAgility: 20, minCharisma: 20, minEfficiency: 20 },
    { kind: 'hero', rarity: 2, minStrength: 20 },
  ];
  for (const f of filters) {
    for (const sort of ['price', '-price', 'ending', 'newest']) {
      it(`filters ${JSON.stringify(f)} sorted by ${sort}`, async () => {
        const want = expected({ ...f, sort });
        expect(want.length).toBeGreaterThan(0);
        expect(await all({ ...f, sort, limit: 5 })).toEqual(want);
      });
    }
  }

  it('finds nothing for a rarity and a terrain together (no listing has both)', async () => {
    expect(await search({ rarity: 1, terrain: 1 })).toEqual({
      status: 200,
      body: { listings: [], nextCursor: null },
    });
  });

  it("lists one seller's open listings (a profile's 'On the Bazaar')", async () => {
    const seller = sellers[1]!;
    expect(await all({ seller, limit: 100 })).toEqual(expected({ seller }));
  });

  it('shows a card as the contract says: an auction with its next bid, a hero with its skills', async () => {
    const hero = model.find((r) => r.kind === 'hero' && r.auctionDays !== null)!;
    const page = (await search({ seller: hero.sellerId, limit: 100 })).body as ListingPage;
    const card = page.listings.find((l) => l.id === hero.id) as ListingSummary;
    expect(card).toMatchObject({
      kind: 'hero',
      price: hero.price,
      currency: hero.currency,
      skills: hero.skills,
      rarity: hero.rarity,
      seller: { profileid: hero.sellerId },
      auction: {
        startPrice: hero.price,
        currentBid: null,
        minNextBid: hero.price,
        bids: 0,
        days: 3,
      },
    });
  });

  it('pages rows a microsecond apart in their order (the cursor keeps the column precision)', async () => {
    const p = await readPlayer(ctx);
    const at = new Date(ctx.clock.now().getTime() + 3_600_000);
    const ids = [
      await insertListing(ctx, { sellerId: p.id, createdAt: at }),
      await insertListing(ctx, { sellerId: p.id, createdAt: at }),
      await insertListing(ctx, { sellerId: p.id, createdAt: at }),
    ];
    // The first is a microsecond newer than the others; the last two tie.
    await ctx.database.db.execute(
      sql`update bazaar_listings set created_at = created_at + interval '1 microsecond' where id = ${ids[0]!}`,
    );
    expect(await all({ seller: p.id, sort: 'newest', limit: 1 })).toEqual([ids[0], ids[2], ids[1]]);
    const ending = await all({ seller: p.id, sort: 'ending', limit: 1 });
    expect(ending).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('a bad search', () => {
  it.each([
    [{ minPrice: 500, maxPrice: 100 }, 'minPrice'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
    [{ cursor: Buffer.from('newest.1.2.3').toString('base64url') }, 'cursor'],
    [{ cursor: Buffer.from('price.9.100.1').toString('base64url'), sort: 'price' }, 'cursor'],
    [
      { cursor: Buffer.from('price.0.100.99999999999').toString('base64url'), sort: 'price' },
      'cursor',
    ],
    [
      { cursor: Buffer.from('ending.99999999999999999.5').toString('base64url'), sort: 'ending' },
      'cursor',
    ],
    [{ limit: 101 }, 'limit'],
    [{ limit: 0 }, 'limit'],
    [{ sort: 'cheapest' }, 'sort'],
    [{ kind: 'ship' }, 'kind'],
    [{ currency: 'silver' }, 'currency'],
    [{ minStrength: -1 }, 'minStrength'],
    [{ rarity: 9 }, 'rarity'],
    [{ auction: 'maybe' }, 'auction'],
  ])('%j answers 400 naming %s', async (q, field) => {
    const res = await search(q as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('refuses a cursor of another sort', async () => {
    const page = (await search({ sort: 'price', limit: 2 })).body as ListingPage;
    const res = await search({ sort: 'ending', cursor: page.nextCursor! });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('cursor');
  });
});

/** One plan node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

/**
 * At 100,000 open listings each sort reads its own partial index in order and stops after a
 * page: no Sort of all the rows, whatever the page (docs/performance.md, Bazaar). PostgreSQL
 * only: its planner decides, with statistics of a market this size.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the search at 100,000 open listings', () => {
  let big: TestContext;
  beforeAll(async () => {
    big = await createTestContext();
    const db = big.database.db;
    await seedWorld(db, 50, big.clock.now());
    const ids = await queryRows<{ id: number }>(db, sql`select id from profiles`);
    const sellerIds = ids.map((r) => r.id);
    await seedListings(db, sellerIds, 100_000, big.clock.now());
    await db.execute(sql`analyze bazaar_listings`);
  }, 120_000);
  afterAll(() => big?.close());

  const usMidway = String((TEST_EPOCH.getTime() + 2 * 86_400_000) * 1000);
  const cursors: Record<ListingSort, string> = {
    price: encodeCursor('price', [0, 5000, 50_000]),
    '-price': encodeCursor('-price', [0, 5000, 50_000]),
    ending: encodeCursor('ending', [Number(usMidway), 50_000]),
    newest: encodeCursor('newest', [Number(usMidway) - 4 * 86_400_000_000, 50_000]),
  };
  const narrowings: ListingSearchQuery[] = [
    {},
    { currency: 'gold' },
    { kind: 'hero' },
    { kind: 'goods', currency: 'platinum' },
    { auction: true },
    { rarity: 4 },
    { kind: 'goods', item: 'SKILL_POT', currency: 'gold' },
    { minPrice: 100, maxPrice: 5000 },
  ];
  for (const sort of ['price', '-price', 'ending', 'newest'] as const) {
    for (const q of narrowings) {
      for (const page of ['first', 'next'] as const) {
        it(`${sort} ${JSON.stringify(q)}, ${page} page: an index in order, no Sort`, async () => {
          const query = { ...q, sort, ...(page === 'next' ? { cursor: cursors[sort] } : {}) };
          for (const statement of searchStatements(big.database.db, query, big.clock.now())) {
            const [row] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
              big.database.db,
              sql`explain (format json) ${statement.getSQL()}`,
            );
            const { Plan } = row!['QUERY PLAN'][0]!;
            const nodes = nodesOf(Plan);
            expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
            expect(nodes.map((n) => n['Node Type'])).not.toContain('Incremental Sort');
            const scan = nodes.find((n) => n['Relation Name'] === 'bazaar_listings');
            expect(scan?.['Node Type']).toMatch(/^Index Scan/);
            expect(scan?.['Index Name']).toMatch(/^bazaar_listings_open_/);
          }
        });
      }
    }
  }
});
