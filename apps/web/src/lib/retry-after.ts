import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';

/** A refused request's error with the answer's Retry-After kept (see `keepRetryAfter`). */
export type ErrorWithRetryAfter = FetchBaseQueryError & { retryAfter?: string };

/**
 * An endpoint's transformErrorResponse that keeps the answer's Retry-After header beside the
 * error, for a 429's "try again in ..." (the app's base query is fetchBaseQuery's, whose meta
 * has the response).
 */
export function keepRetryAfter(error: FetchBaseQueryError, meta: unknown): ErrorWithRetryAfter {
  const response = (meta as FetchBaseQueryMeta | undefined)?.response;
  return { ...error, retryAfter: response?.headers.get('retry-after') ?? undefined };
}

/** Seconds to wait from a kept Retry-After (seconds or an HTTP date), if the answer had one. */
export function retryAfterSeconds(error: unknown, now = Date.now()): number | undefined {
  if (typeof error !== 'object' || error === null || !('retryAfter' in error)) return undefined;
  const value = error.retryAfter;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words, rounded up to its largest unit: '5 hours', '12 minutes', '30 seconds'. */
export function waitInWords(seconds: number): string {
  if (seconds >= 3600) return plural(Math.ceil(seconds / 3600), 'hour');
  if (seconds >= 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.max(1, seconds), 'second');
}
