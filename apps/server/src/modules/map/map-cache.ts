import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { encodeMap } from '@aleph/contracts';
import { GAME_CONFIG } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';

/** One continent's encoded map, as sent: plain and gzipped, each with its strong ETag. */
export interface BuiltMap {
  version: number;
  plain: Buffer;
  gzip: Buffer;
  etag: string;
  gzipEtag: string;
  /** Milliseconds the last build took (read, encode, compress): reported by the bench. */
  buildMs: number;
}

const { width, height } = GAME_CONFIG.world;

async function mapVersion(db: Executor, continent: number): Promise<number> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select version::text from map_versions where continent = ${continent}`,
  );
  return Number(row?.version ?? 0);
}

/** Reads the continent's plots after its version, so the bytes are never older than the version. */
async function build(db: Executor, continent: number, version: number): Promise<BuiltMap> {
  const started = performance.now();
  // One integer per plot (index and packed terrain/element) keeps the driver's work small.
  const rows = await queryRows<{ p: number }>(
    db,
    sql`select (y::int * ${width}::int + x) * 32 + terrain * 4 + element as p
        from lands where continent = ${continent}`,
  );
  const plots = rows.map(({ p }) => {
    const i = p >> 5;
    return { x: i % width, y: Math.floor(i / width), terrain: (p >> 2) & 7, element: p & 3 };
  });
  const plain = Buffer.from(encodeMap(continent, width, height, plots));
  const gzip = gzipSync(plain, { level: 6 });
  const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
  return {
    version,
    plain,
    gzip,
    etag: `"${hash}"`,
    gzipEtag: `"${hash}-gz"`,
    buildMs: performance.now() - started,
  };
}

/**
 * The encoded map of each continent, kept in process memory and rebuilt only when the
 * continent's version (bumped by triggers on lands, docs/decisions/0009-world-map.md) moved.
 * Concurrent requests that find it stale share one rebuild.
 */
export class MapCache {
  private readonly entries = new Map<number, { version: number; map: Promise<BuiltMap> }>();
  /** Version reads in flight: requests arriving meanwhile share one query instead of each asking. */
  private readonly reads = new Map<number, Promise<number>>();

  constructor(private readonly db: Executor) {}

  private version(continent: number): Promise<number> {
    let read = this.reads.get(continent);
    if (!read) {
      read = mapVersion(this.db, continent).finally(() => this.reads.delete(continent));
      this.reads.set(continent, read);
    }
    return read;
  }

  async get(continent: number): Promise<BuiltMap> {
    const version = await this.version(continent);
    const entry = this.entries.get(continent);
    // Built, or being built, from this version or a later one.
    if (entry && entry.version >= version) return entry.map;
    const map = build(this.db, continent, version);
    this.entries.set(continent, { version, map });
    // A failed build is forgotten, so the next request tries again.
    map.catch(() => {
      if (this.entries.get(continent)?.map === map) this.entries.delete(continent);
    });
    return map;
  }
}
