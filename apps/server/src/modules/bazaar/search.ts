import { and, eq, sql, type SQL } from 'drizzle-orm';
import { BAZAAR_CONFIG } from '@aleph/rules';
import type {
  BazaarCurrency,
  ListingPage,
  ListingSearchQuery,
  ListingSort,
} from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { bazaarListings as L, profiles } from '../../db/schema.js';
import { currencyCode, currencyOf, decodeCursor, encodeCursor, type SortKey } from './cursor.js';
import { searchFilters } from './read-filters.js';
import { summaryOf, type ListingRow } from './read-summary.js';

const micros = (column: typeof L.endsAt) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (us: number) =>
  sql`('epoch'::timestamptz + ${us}::bigint * interval '1 microsecond')`;
const beyond = (dir: 'asc' | 'desc') => sql.raw(dir === 'asc' ? '>' : '<');

interface SortSpec {
  dir: 'asc' | 'desc';
  order: SQL[];
  /** A time sort's key column in microseconds; null for the price sorts. */
  micros: SQL<string> | null;
  keyOf(row: ListingRow, us: string | null): SortKey;
}

const byPrice = (dir: 'asc' | 'desc'): SortSpec => ({
  dir,
  order: [sql`${L.price} ${sql.raw(dir)}`, sql`${L.id} ${sql.raw(dir)}`],
  micros: null,
  keyOf: (r) => [currencyCode(r.currency), r.price, r.id],
});

const byTime = (column: typeof L.endsAt, dir: 'asc' | 'desc'): SortSpec => ({
  dir,
  order: [sql`${column} ${sql.raw(dir)}`, sql`${L.id} ${sql.raw(dir)}`],
  micros: micros(column),
  keyOf: (r, us) => [Number(us), r.id],
});

/** Each sort is the order of one partial index over open listings (bazaar-schema.ts). */
const SORTS: Record<ListingSort, SortSpec> = {
  price: byPrice('asc'),
  '-price': byPrice('desc'),
  ending: byTime(L.endsAt, 'asc'),
  newest: byTime(L.createdAt, 'desc'),
};

/** One statement of a page: the query (a price sort's with one currency) and where it starts. */
interface Step {
  q: ListingSearchQuery;
  after: SQL | null;
}

/**
 * The statements a page may take, in order. A price sort reads one currency at a time, gold
 * then platinum (the reverse for `-price`), so that each statement's cursor is a row
 * comparison on (price, id) after the currency's equality: the planner estimates it from the
 * price column's statistics. A comparison led by the currency was estimated from the currency
 * alone, as no rows at all, and planned as a sort of every listing left (docs/performance.md,
 * Bazaar).
 */
function stepsOf(q: ListingSearchQuery, sort: ListingSort, key: SortKey | null): Step[] {
  const spec = SORTS[sort];
  if (spec.micros) {
    const column = sort === 'ending' ? L.endsAt : L.createdAt;
    const after = key
      ? sql`(${column}, ${L.id}) ${beyond(spec.dir)} (${fromMicros(key[0])}, ${key[1]})`
      : null;
    return [{ q, after }];
  }
  let order: BazaarCurrency[] = spec.dir === 'asc' ? ['gold', 'platinum'] : ['platinum', 'gold'];
  if (key) order = order.slice(order.indexOf(currencyOf(key[0])));
  return order
    .filter((currency) => q.currency === undefined || q.currency === currency)
    .map((currency) => ({
      q: { ...q, currency },
      after:
        key && currencyOf(key[0]) === currency
          ? sql`(${L.price}, ${L.id}) ${beyond(spec.dir)} (${key[1]}, ${key[2]!})`
          : null,
    }));
}

function statement(db: Db, sort: ListingSort, step: Step, now: Date, take: number) {
  const spec = SORTS[sort];
  const where = searchFilters(step.q, now);
  if (step.after) where.push(step.after);
  return db
    .select({ listing: L, nickname: profiles.nickname, us: spec.micros ?? sql<null>`null` })
    .from(L)
    .innerJoin(profiles, eq(profiles.id, L.sellerId))
    .where(and(...where))
    .orderBy(...spec.order)
    .limit(take);
}

function planOf(q: ListingSearchQuery) {
  const sort = q.sort ?? 'newest';
  const key = q.cursor === undefined ? null : decodeCursor(q.cursor, sort);
  return { sort, steps: stepsOf(q, sort, key), limit: q.limit ?? BAZAAR_CONFIG.page.default };
}

/** Every statement a first page of `q` may run, unrun (the plan tests EXPLAIN them). */
export function searchStatements(db: Db, q: ListingSearchQuery, now: Date) {
  const { sort, steps, limit } = planOf(q);
  return steps.map((step) => statement(db, sort, step, now, limit + 1));
}

/**
 * Open listings, filtered and sorted, one keyset page at a time (docs/api.md, Bazaar): the
 * page starts after the cursor's row by a row comparison on the sort's index, never OFFSET, so
 * the thousandth page costs what the first does. It reads a page and one row more (whether a
 * next page exists), over a second statement only where a price sort passes to platinum.
 */
export async function searchListings(
  db: Db,
  q: ListingSearchQuery,
  now: Date,
): Promise<ListingPage> {
  const { sort, steps, limit } = planOf(q);
  const rows: Awaited<ReturnType<typeof statement>> = [];
  for (const step of steps) {
    rows.push(...(await statement(db, sort, step, now, limit + 1 - rows.length)));
    if (rows.length > limit) break;
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    listings: page.map((r) =>
      summaryOf(r.listing, { profileid: r.listing.sellerId, nickname: r.nickname }),
    ),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(sort, SORTS[sort].keyOf(last.listing, last.us as string | null))
        : null,
  };
}
