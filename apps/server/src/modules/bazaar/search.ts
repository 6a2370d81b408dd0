import { and, eq, sql, type SQL } from 'drizzle-orm';
import { BAZAAR_CONFIG } from '@aleph/rules';
import type { ListingPage, ListingSearchQuery, ListingSort } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { bazaarListings as L, profiles } from '../../db/schema.js';
import { currencyCode, currencyOf, decodeCursor, encodeCursor, type SortKey } from './cursor.js';
import { searchFilters } from './read-filters.js';
import { summaryOf, type ListingRow } from './read-summary.js';

const micros = (column: typeof L.endsAt) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (us: number) =>
  sql`('epoch'::timestamptz + ${us}::bigint * interval '1 microsecond')`;

interface SortSpec {
  order: SQL[];
  /** Rows after a page's last one, as a row comparison an index scan starts from. */
  after(key: SortKey): SQL;
  /** A time sort's key column in microseconds; null for the price sorts. */
  micros: SQL<string> | null;
  keyOf(row: ListingRow, us: string | null): SortKey;
}

const byPrice = (dir: 'asc' | 'desc'): SortSpec => ({
  // Without a currency filter, prices group by currency (docs/api.md, Bazaar).
  order: [sql.raw(`currency ${dir}, price ${dir}, id ${dir}`)],
  after: ([c, p, id]) =>
    sql`(${L.currency}, ${L.price}, ${L.id}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${currencyOf(c)}, ${p}, ${id})`,
  micros: null,
  keyOf: (r) => [currencyCode(r.currency), r.price, r.id],
});

const byTime = (column: typeof L.endsAt, dir: 'asc' | 'desc'): SortSpec => ({
  order: [sql`${column} ${sql.raw(dir)}`, sql`${L.id} ${sql.raw(dir)}`],
  after: ([us, id]) =>
    sql`(${column}, ${L.id}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${fromMicros(us)}, ${id})`,
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

/** The search's statement, unrun: a page and one row more (whether a next page exists). */
export function searchQuery(db: Db, q: ListingSearchQuery, now: Date) {
  const sort = q.sort ?? 'newest';
  const spec = SORTS[sort];
  const where = searchFilters(q, now);
  if (q.cursor !== undefined) where.push(spec.after(decodeCursor(q.cursor, sort)));
  const limit = q.limit ?? BAZAAR_CONFIG.page.default;
  const query = db
    .select({ listing: L, nickname: profiles.nickname, us: spec.micros ?? sql<null>`null` })
    .from(L)
    .innerJoin(profiles, eq(profiles.id, L.sellerId))
    .where(and(...where))
    .orderBy(...spec.order)
    .limit(limit + 1);
  return { query, sort, spec, limit };
}

/**
 * Open listings, filtered and sorted, one keyset page at a time (docs/api.md, Bazaar): the
 * page starts after the cursor's row by a row comparison on the sort's index, never OFFSET, so
 * the thousandth page costs what the first does.
 */
export async function searchListings(
  db: Db,
  q: ListingSearchQuery,
  now: Date,
): Promise<ListingPage> {
  const { query, sort, spec, limit } = searchQuery(db, q, now);
  const rows = await query;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    listings: page.map((r) =>
      summaryOf(r.listing, { profileid: r.listing.sellerId, nickname: r.nickname }),
    ),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(sort, spec.keyOf(last.listing, last.us as string | null))
        : null,
  };
}
