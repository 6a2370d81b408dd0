/**
 * Per-process cache of a player's reads, tagged with their profile's state version. The
 * session lookup that every signed-in request makes anyway returns the current version, and
 * database triggers bump it in the same transaction as any change those reads depend on
 * (migration 0006). So an entry is served only while it is exactly current — in this
 * process and in any other — and the read costs no query of its own.
 *
 * Some keys carry ids from the request (a mission check's hero and land), so a player holds at
 * most PROFILE_CACHE_READS reads, the least recently used going first: a player sending
 * request after request with new ids cannot grow the process's memory.
 */
export const PROFILE_CACHE_READS = 32;

interface Entry {
  version: number;
  values: Map<string, unknown>;
}

export class ProfileCache {
  private readonly entries = new Map<number, Entry>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxProfiles = 20_000,
    private readonly maxReads = PROFILE_CACHE_READS,
  ) {}

  async get<T>(
    profileId: number,
    version: number,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    let entry = this.entries.get(profileId);
    if (entry && entry.version === version && entry.values.has(key)) {
      this.hits += 1;
      // Map order is insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(profileId);
      this.entries.set(profileId, entry);
      const value = entry.values.get(key) as T;
      entry.values.delete(key);
      entry.values.set(key, value);
      return value;
    }
    this.misses += 1;
    const value = await load();
    entry = this.entries.get(profileId);
    if (!entry || entry.version !== version) {
      entry = { version, values: new Map() };
      this.entries.delete(profileId);
      this.entries.set(profileId, entry);
      this.evict();
    }
    entry.values.delete(key);
    entry.values.set(key, value);
    while (entry.values.size > this.maxReads) {
      const oldest = entry.values.keys().next().value;
      if (oldest === undefined) break;
      entry.values.delete(oldest);
    }
    return value;
  }

  /** How many reads this process keeps for the player (0 when none). */
  size(profileId: number): number {
    return this.entries.get(profileId)?.values.size ?? 0;
  }

  private evict() {
    while (this.entries.size > this.maxProfiles) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.entries.delete(oldest);
    }
  }
}

/** A read through the cache: `key` names the read, `load` runs it on a miss. */
export type Cached = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** No caching: for callers outside a request (tests, jobs). */
export const uncached: Cached = (_key, load) => load();
