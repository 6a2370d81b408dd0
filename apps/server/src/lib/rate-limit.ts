import { sql } from 'drizzle-orm';
import { ErrorCode } from '@aleph/contracts';
import { queryRows, type Executor } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counters kept in the database, so every server process behind a load balancer
 * counts against the same limit. One atomic upsert per hit: callers count an attempt before
 * doing the work it guards, so parallel requests cannot all slip under the limit.
 */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateState {
  hits: number;
  retryAfterSeconds: number;
}

function toState(
  row: { hits: number; window_start: Date | string } | undefined,
  rule: RateLimitRule,
  now: Date,
): RateState {
  if (!row) return { hits: 0, retryAfterSeconds: 0 };
  const start = new Date(row.window_start).getTime();
  const end = start + rule.windowSeconds * 1000;
  if (end <= now.getTime()) return { hits: 0, retryAfterSeconds: 0 };
  return {
    hits: Number(row.hits),
    retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

export async function hit(
  db: Executor,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateState> {
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000);
  const rows = await queryRows<{ hits: number; window_start: Date | string }>(
    db,
    sql`
    insert into rate_limits (key, window_start, hits) values (${key}, ${now}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= ${cutoff} then ${now} else rate_limits.window_start end
    returning hits, window_start`,
  );
  return toState(rows[0], rule, now);
}

/** Gives back one hit of the current window (an attempt that turned out legitimate). */
export async function refund(
  db: Executor,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<void> {
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000);
  await db.execute(
    sql`update rate_limits set hits = greatest(hits - 1, 0)
        where key = ${key} and window_start > ${cutoff}`,
  );
}

export async function clear(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export function tooMany(state: RateState, message: string): AppError {
  return new AppError(429, ErrorCode.rateLimited, message, undefined, {
    'retry-after': String(state.retryAfterSeconds),
  });
}
