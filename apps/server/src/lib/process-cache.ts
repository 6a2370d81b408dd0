import type { Db } from '../db/client.js';

/**
 * Global state kept in the process for a moment (docs/performance.md, Gold
 * economy): the trader's pressure snapshots and the Lucky coin's operator openings. Each is
 * read again after `ttlMs`; what this process writes itself (a batch of trades, an opening) is
 * applied at once. Another process's write shows within `ttlMs`, which the reads allow: a
 * trade checks its price again under the good's lock, and a toss reads the openings itself.
 */
export class ProcessCache<T, A = void> {
  private value: T | null = null;
  private loadedAt = 0;
  private loading: Promise<T> | null = null;
  /** Bumped by every local write: a load that started before one must not be kept. */
  private writes = 0;

  constructor(
    private readonly load: (arg: A) => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  /**
   * The value, loaded again (with `arg`) when older than the TTL or when `fits` refuses the
   * kept one. Callers that arrive during a load share it.
   */
  async get(arg: A, fits: (value: T) => boolean = () => true): Promise<T> {
    const kept = this.value;
    if (kept !== null && performance.now() - this.loadedAt < this.ttlMs && fits(kept)) return kept;
    if (this.loading) {
      const shared = await this.loading;
      if (fits(shared)) return shared;
    }
    const writes = this.writes;
    const started = performance.now();
    const loading = this.load(arg);
    this.loading = loading;
    try {
      const value = await loading;
      if (writes === this.writes) {
        this.value = value;
        this.loadedAt = started;
      }
      return value;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }

  /** A local write: changes the kept value in place (if any), or drops it when `change` is absent. */
  wrote(change?: (value: T) => void): void {
    this.writes += 1;
    if (this.value !== null && change) change(this.value);
    else this.value = null;
  }
}

/** How long the economy's global reads are kept (docs/performance.md, Gold economy). */
export const GLOBAL_TTL_MS = 1000;

/** One value per database (tests open many), made on first use. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) values.set(db, (value = make(db)));
    return value;
  };
}
