import { PgErrorCode, pgErrorCode } from './pg-errors.js';

/** Deadlock and serialization failures: the transaction did nothing and can simply run again. */
const RETRYABLE = new Set<string | undefined>([
  PgErrorCode.deadlockDetected,
  PgErrorCode.serializationFailure,
]);

const isRetryable = (err: unknown) => RETRYABLE.has(pgErrorCode(err));

export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}
