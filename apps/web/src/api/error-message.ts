import type { ErrorBody } from '@aleph/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The server's player-readable `message` (errors are `{ statusCode, error, message, code }`). */
export function serverMessage(error: unknown): string | undefined {
  if (!isFetchError(error)) return undefined;
  const data = error.data as Partial<ErrorBody> | undefined;
  return typeof data?.message === 'string' && data.message !== '' ? data.message : undefined;
}

/** The server's stable error `code` (the contracts' catalogue), or undefined. */
export function serverCode(error: unknown): string | undefined {
  if (!isFetchError(error)) return undefined;
  const data = error.data as Partial<ErrorBody> | undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/** The HTTP status of an error, or undefined for a network failure or a thrown error. */
export function httpStatus(error: unknown): number | undefined {
  if (!isFetchError(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  return error.status === 'PARSING_ERROR' ? error.originalStatus : undefined;
}
