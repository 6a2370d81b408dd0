import { ErrorCode } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';

/**
 * Opaque keyset cursors: the sort key of the last row of a page (and, for the rating, its
 * place), as base64url. A client passes back what it got; anything else is a 400 on `cursor`.
 * A cursor is forgeable, so each decoded value is checked against what its column can hold
 * before any of it reaches a query: a time past the last valid date, or an id past the
 * largest int, would otherwise fail in the database (a 500).
 */
export function encodeCursor(values: readonly number[]): string {
  return Buffer.from(values.join('.'), 'utf8').toString('base64url');
}

/** The largest PostgreSQL `integer` (the type of every id a cursor carries). */
const MAX_INT = 2_147_483_647;
/**
 * The last millisecond of the year 9999: later instants are beyond a four-digit year, which
 * a JavaScript Date past 8.64e15 cannot hold at all and PostgreSQL cannot read as sent.
 */
const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** What one value of a cursor is, and so which values it may take. */
export type CursorPart = 'time' | 'id' | 'amount' | 'place';

const FITS: Record<CursorPart, (v: number) => boolean> = {
  /** Milliseconds since the epoch of a valid date (the Mission Log's `eta`). */
  time: (v) => v <= MAX_TIME_MS,
  /** A row id: a positive 32-bit integer. */
  id: (v) => v >= 1 && v <= MAX_INT,
  /** A non-negative amount (a player's power, a bigint column). */
  amount: () => true,
  /** A place in a ranking, from 1. */
  place: (v) => v >= 1,
};

type Decoded<P extends readonly CursorPart[]> = { -readonly [K in keyof P]: number };

export function decodeCursor<const P extends readonly CursorPart[]>(
  cursor: string,
  parts: P,
): Decoded<P> {
  const texts = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const values = texts.map(Number);
  const valid =
    texts.length === parts.length &&
    texts.every(
      (text, i) =>
        /^(0|[1-9]\d{0,15})$/.test(text) &&
        Number.isSafeInteger(values[i]) &&
        FITS[parts[i]!](values[i]!),
    );
  if (!valid)
    throw badRequest(ErrorCode.validation, 'The cursor is not one this list gave out.', 'cursor');
  return values as Decoded<P>;
}
