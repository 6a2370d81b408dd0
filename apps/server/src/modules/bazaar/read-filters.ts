import { sql, type Column, type SQL } from 'drizzle-orm';
import { ErrorCode, type ListingSearchQuery } from '@aleph/contracts';
import { bazaarListings as L } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';

/** The skill minimums in the heroes' skill order (docs/screens.md: Mastery ... Strength). */
const SKILL_MINIMUMS = [
  'minMastery',
  'minIntelligence',
  'minResilience',
  'minAgility',
  'minCharisma',
  'minLuck',
  'minEfficiency',
  'minStrength',
] as const;

/**
 * The search's conditions (docs/api.md, Bazaar). Open listings only, and not those whose end
 * has passed and which the settlement worker has yet to close: nobody can buy or bid on them.
 * `status = 'open'` is written as a literal so the planner proves the partial indexes' predicate
 * even in a prepared statement's generic plan.
 */
export function searchFilters(q: ListingSearchQuery, now: Date): SQL[] {
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
    throw badRequest(ErrorCode.validation, 'minPrice must not exceed maxPrice.', 'minPrice');
  }
  const where: SQL[] = [sql`${L.status} = 'open'`, sql`${L.endsAt} > ${now}`];
  const eq = (column: Column, value: unknown) => where.push(sql`${column} = ${value}`);
  if (q.kind !== undefined) eq(L.kind, q.kind);
  if (q.currency !== undefined) eq(L.currency, q.currency);
  if (q.rarity !== undefined) eq(L.rarity, q.rarity);
  if (q.element !== undefined) eq(L.element, q.element);
  if (q.terrain !== undefined) eq(L.terrain, q.terrain);
  if (q.item !== undefined) eq(L.item, q.item);
  if (q.seller !== undefined) eq(L.sellerId, q.seller);
  if (q.auction !== undefined) {
    where.push(q.auction ? sql`${L.auctionDays} is not null` : sql`${L.auctionDays} is null`);
  }
  if (q.minPrice !== undefined) where.push(sql`${L.price} >= ${q.minPrice}`);
  if (q.maxPrice !== undefined) where.push(sql`${L.price} <= ${q.maxPrice}`);
  for (const key of seriesKeys(q)) eq(L.goodKey, key);
  SKILL_MINIMUMS.forEach((name, i) => {
    const min = q[name];
    // PostgreSQL arrays count from 1.
    if (min !== undefined) where.push(sql`${L.skills}[${sql.raw(String(i + 1))}] >= ${min}`);
  });
  return where;
}

/**
 * The price-history series a rarity, terrain or item filter implies ('hero:<rarity>',
 * 'land:<terrain>', 'item:<code>', 'elementals:<e>', 'shards:<e>'; bazaar-schema.ts): the same
 * condition again on `good_key`, whose index keeps a narrow search from reading every open
 * listing to find its few (docs/performance.md, Bazaar). Two that disagree find nothing, as
 * the columns would.
 */
function seriesKeys(q: ListingSearchQuery): string[] {
  const keys: string[] = [];
  if (q.rarity !== undefined) keys.push(`hero:${q.rarity}`);
  if (q.terrain !== undefined) keys.push(`land:${q.terrain}`);
  if (q.item === 'elementals' || q.item === 'shards') {
    if (q.element !== undefined) keys.push(`${q.item}:${q.element}`);
  } else if (q.item !== undefined) keys.push(`item:${q.item}`);
  return keys;
}
