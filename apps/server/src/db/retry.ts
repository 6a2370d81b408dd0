import { PgErrorCode, pgErrorCode } from './pg-errors.js';

/** Deadlock and serialization failures: the transaction did nothing and can simply run again. */
const RETRYABLE = new Map<string | undefined, 'deadlock' | 'serialization'>([
  [PgErrorCode.deadlockDetected, 'deadlock'],
  [PgErrorCode.serializationFailure, 'serialization'],
]);

/**
 * Transactions this process ran again, by reason, since it started. A deadlock costs the
 * victim PostgreSQL's deadlock timeout (1 s by default) before the retry, so a count that
 * grows under ordinary play means two writers take rows in different orders
 * (core/land-query.ts states the order). `/metrics` shows it as aleph_db_transaction_retries_total.
 */
const retries = { deadlock: 0, serialization: 0 };

export function transactionRetries(): Readonly<typeof retries> {
  return { ...retries };
}

export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const reason = RETRYABLE.get(pgErrorCode(err));
      if (attempt >= attempts || !reason) throw err;
      retries[reason] += 1;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
