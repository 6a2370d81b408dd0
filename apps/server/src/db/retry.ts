/** Deadlock and serialization failures: the transaction did nothing and can simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

function isRetryable(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return RETRYABLE.has(e?.code ?? '') || RETRYABLE.has(e?.cause?.code ?? '');
}

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
