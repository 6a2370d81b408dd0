import { ErrorCode, type ListingSort } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';

/**
 * The search's keyset cursors (docs/api.md, Bazaar): the sort, then the sort key of a page's
 * last row and its id, as base64url. The key is a currency (0 gold, 1 platinum) and a price for
 * the price sorts, or a time in microseconds (the column's own precision, so rows a
 * millisecond apart are never skipped) for `ending` and `newest`. A cursor is forgeable, so
 * every value is checked against what its column holds before it reaches a query; anything
 * else, or a cursor of another sort, is a 400 on `cursor`.
 */
export type SortKey = readonly [number, number] | readonly [number, number, number];

const CURRENCIES = ['gold', 'platinum'] as const;
export const currencyCode = (c: string) => CURRENCIES.indexOf(c as 'gold');
export const currencyOf = (code: number) => CURRENCIES[code] ?? 'gold';

const MAX_INT = 2_147_483_647;
const PRICE_SORTS: readonly ListingSort[] = ['price', '-price'];

export function encodeCursor(sort: ListingSort, key: SortKey): string {
  return Buffer.from([sort, ...key].join('.'), 'utf8').toString('base64url');
}

const refuse = () =>
  badRequest(ErrorCode.validation, 'The cursor is not one this search gave out.', 'cursor');

export function decodeCursor(cursor: string, sort: ListingSort): SortKey {
  const [name, ...texts] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (name !== sort || !texts.every((t) => /^(0|[1-9]\d{0,15})$/.test(t))) throw refuse();
  const v = texts.map(Number);
  if (!v.every(Number.isSafeInteger)) throw refuse();
  const id = v[v.length - 1]!;
  if (id < 1 || id > MAX_INT) throw refuse();
  if (PRICE_SORTS.includes(sort)) {
    // Currency code, price, id.
    if (v.length !== 3 || v[0]! > 1) throw refuse();
    return [v[0]!, v[1]!, id];
  }
  // Microseconds since the epoch, id.
  if (v.length !== 2) throw refuse();
  return [v[0]!, id];
}
