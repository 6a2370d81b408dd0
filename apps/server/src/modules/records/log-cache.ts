import type { MissionLogPage } from '@aleph/contracts';

interface Entry {
  version: number;
  rows: number;
  page: MissionLogPage;
}

/**
 * This process's Mission Log pages, any filter and any cursor (docs/performance.md, Records).
 * A page is kept with the player's state version from the session lookup: settling a mission
 * bumps it in the settlement's transaction (migration 0006), so a page is served only while
 * no mission of theirs has settled since, in this process or any other. Bounded by the rows
 * it holds (least recently used pages go first), whatever the number of players or cursors.
 */
export class LogPageCache {
  private readonly entries = new Map<string, Entry>();
  private rows = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxRows = 40_000) {}

  get size() {
    return { pages: this.entries.size, rows: this.rows };
  }

  async get(
    profileId: number,
    version: number,
    query: string,
    load: () => Promise<MissionLogPage>,
  ): Promise<MissionLogPage> {
    const key = `${profileId}?${query}`;
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.hits += 1;
      // Map order is insertion order: re-inserting marks the page most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.page;
    }
    this.misses += 1;
    const page = await load();
    const rows = Math.max(1, page.missions.length);
    if (rows > this.maxRows) return page;
    const old = this.entries.get(key);
    // A load that started under an older version than one stored meanwhile keeps the newer.
    if (old && old.version > version) return page;
    if (old) this.drop(key, old);
    this.entries.set(key, { version, rows, page });
    this.rows += rows;
    for (const [oldest, e] of this.entries) {
      if (this.rows <= this.maxRows) break;
      this.drop(oldest, e);
    }
    return page;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.rows -= entry.rows;
  }
}

/** The page's cache key: the query's parameters in a fixed order, so equal queries share it. */
export function logQueryKey(query: Record<string, unknown>): string {
  return Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(query[k])}`)
    .join('&');
}
