import { itemByCode } from '@aleph/rules';
import { ErrorCode, type CreateListingBody } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';

/**
 * A listing request checked beyond its schema (docs/api.md, Bazaar): the fields its kind needs,
 * none it does not, and one price. The result is also what a retry with the same
 * Idempotency-Key must repeat, so every field is present (null when unused).
 */
export interface ListingRequest {
  kind: 'hero' | 'land' | 'goods';
  heroid: number | null;
  landid: number | null;
  /** Goods: an item code, or 'elementals' / 'shards'. */
  item: string | null;
  elemid: number | null;
  quantity: number;
  currency: 'gold' | 'platinum';
  /** The fixed price, or an auction's start price. */
  price: number;
  buyNow: number | null;
  days: number | null;
}

const invalid = (field: string, message: string) =>
  badRequest(ErrorCode.validation, message, field);

const ELEMENTAL_GOODS = new Set(['elementals', 'shards']);

/** Which optional fields each kind takes; anything else given is refused by name. */
const FIELDS = {
  hero: { needs: ['heroid'], refuses: ['landid', 'item', 'elemid', 'quantity'] },
  land: { needs: ['landid'], refuses: ['heroid', 'item', 'elemid', 'quantity'] },
  goods: { needs: ['landid', 'item', 'quantity'], refuses: ['heroid'] },
} as const;

export function listingRequest(body: CreateListingBody): ListingRequest {
  const given = body as Record<string, unknown>;
  const rule = FIELDS[body.kind];
  for (const f of rule.needs) {
    if (given[f] === undefined) throw invalid(f, `A ${body.kind} listing needs ${f}.`);
  }
  for (const f of rule.refuses) {
    if (given[f] !== undefined) throw invalid(f, `A ${body.kind} listing takes no ${f}.`);
  }
  const item = body.kind === 'goods' ? (body.item ?? null) : null;
  if (item !== null) {
    const elemental = ELEMENTAL_GOODS.has(item);
    if (!elemental && !itemByCode(item)) throw invalid('item', `There is no item ${item}.`);
    if (elemental && body.elemid === undefined) {
      throw invalid('elemid', `Listing ${item} needs the element (elemid).`);
    }
    if (!elemental && body.elemid !== undefined) {
      throw invalid('elemid', 'Only elementals and shards take an element.');
    }
  }
  const auction = body.auction;
  // An auction starts at auction.startPrice, or at `price` when that is left out.
  const price = auction ? (auction.startPrice ?? body.price) : body.price;
  if (price === undefined) {
    throw invalid(
      'price',
      auction ? 'An auction needs a start price.' : 'A listing needs a price.',
    );
  }
  if (auction?.buyNow !== undefined && auction.buyNow <= price) {
    throw invalid('auction.buyNow', 'The buy-now price must be above the start price.');
  }
  return {
    kind: body.kind,
    heroid: body.kind === 'hero' ? (body.heroid ?? null) : null,
    landid: body.kind === 'hero' ? null : (body.landid ?? null),
    item,
    elemid: item !== null && ELEMENTAL_GOODS.has(item) ? (body.elemid ?? null) : null,
    quantity: body.kind === 'goods' ? (body.quantity ?? 1) : 1,
    currency: body.currency,
    price,
    buyNow: auction?.buyNow ?? null,
    days: auction?.days ?? null,
  };
}

/** Whether a stored request is this one (a retry with the same key must repeat it). */
export function sameListingRequest(stored: unknown, request: ListingRequest): boolean {
  const s = (stored ?? {}) as Record<string, unknown>;
  const r = request as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(s), ...Object.keys(r)]);
  return [...keys].every((k) => (s[k] ?? null) === (r[k] ?? null));
}
