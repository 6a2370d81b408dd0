/**
 * Web push's numbers (docs/game-rules.md, "Notifications"): how pushes are folded, held and
 * retried. Starting values; tuning them is an edit here and in docs/game-rules.md.
 */
export const PUSH_CONFIG = {
  /** At most one push of a kind per player in this window; later events fold into the next. */
  foldWindowMs: 60_000,
  /**
   * A player's stream counts as open while its process refreshed it within this long (each
   * process refreshes its streams every SOCIAL_CONFIG.presenceWriteMs, and drops a closed one
   * at once): a process that died stops hiding its players' pushes after this.
   */
  streamStaleMs: 150_000,
  /** Events older than this when the worker first sees them are dropped, not pushed. */
  maxAgeMs: 24 * 3_600_000,
  /** How long a push service keeps a push for an offline device (the TTL header), seconds. */
  ttlSeconds: 24 * 3_600,
  /** Sending attempts per device before a push is given up on. */
  maxAttempts: 6,
  /** The wait after the first failed attempt, doubled after each further one. */
  firstRetryMs: 10_000,
  /** The longest wait between attempts, also the cap on a Retry-After the service asks for. */
  longestRetryMs: 15 * 60_000,
  /** How long a worker holds a claimed delivery: another process takes it over only after. */
  leaseMs: 60_000,
  /** Sent and dropped queue rows are kept this long (the level-up reminder's memory). */
  keepMs: 7 * 24 * 3_600_000,
  /** Requests one worker has in flight to push services at once. */
  concurrency: 64,
} as const;

/** The wait after the `attempts`-th failed attempt, or the service's Retry-After if longer. */
export function pushRetryDelayMs(attempts: number, retryAfterMs: number | null = null): number {
  const backoff = PUSH_CONFIG.firstRetryMs * 2 ** Math.max(0, attempts - 1);
  const wanted = Math.max(backoff, retryAfterMs ?? 0);
  return Math.min(wanted, PUSH_CONFIG.longestRetryMs);
}
