import { ErrorCode } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';

/**
 * Opaque keyset cursors: the sort key of the last row of a page (and, for the rating, its
 * place), as base64url. A client passes back what it got; anything else is a 400 on `cursor`.
 */
export function encodeCursor(values: readonly number[]): string {
  return Buffer.from(values.join('.'), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, count: number): number[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const values = parts.map(Number);
  if (parts.length !== count || values.some((v) => !Number.isSafeInteger(v) || v < 0))
    throw badRequest(ErrorCode.validation, 'The cursor is not one this list gave out.', 'cursor');
  return values;
}
