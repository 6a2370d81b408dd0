import type { Clock } from '../../lib/clock.js';

/**
 * A value computed at most once per `ttlMs` in this process, however many callers ask: callers
 * inside the window share the one computation (a single flight), finished or still running.
 * A failed computation is not kept, so the next caller tries again.
 */
export class OncePer<T> {
  private entry: { at: number; value: Promise<T> } | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly compute: (now: Date) => Promise<T>,
  ) {}

  get(): Promise<T> {
    const now = this.clock.now();
    if (this.entry && now.getTime() - this.entry.at < this.ttlMs) return this.entry.value;
    const value = this.compute(now);
    const entry = { at: now.getTime(), value };
    this.entry = entry;
    value.catch(() => {
      if (this.entry === entry) this.entry = null;
    });
    return value;
  }
}
