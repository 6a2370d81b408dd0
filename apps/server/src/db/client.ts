import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteStartParams, readClusterBundle, seedPgliteFolder } from './pglite-cluster.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** node-postgres only: the pool's connections now, for the metrics (cheap, no query). */
  poolStats?(): PoolStats;
  /**
   * node-postgres only: called when a connection fails outside a query (the server restarted,
   * the network dropped it). The pool replaces the connection; nothing else is needed. Until a
   * listener is added, such errors go to stderr. Returns a function that removes the listener.
   */
  onConnectionError?(listener: (err: Error) => void): () => void;
  /**
   * Calls `onPayload` with the payload of every notification on `channel` (`pg_notify`), in
   * commit order, from any process. Resolves once the channel is listened to. node-postgres
   * listens on one dedicated connection (not the pool's) that reconnects with back-off after it
   * is lost; notifications sent while it was down are lost, and `onResume` is called when it is
   * back. Returns a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>;
}

export interface PoolStats {
  /** Open connections, idle or in use. */
  total: number;
  idle: number;
  /** Queries queued for a connection because all `max` are in use. */
  waiting: number;
  max: number;
}

/** apps/server/drizzle: two folders up from this file, in src/db as in dist/db. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Any constant works; it only has to be the same in every process of one deployment. */
const MIGRATION_LOCK_KEY = 7_301_551;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; absent: in memory. */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.pgliteDir);
}

export class DatabaseInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * PGlite serves one process per folder and does not refuse a second one (both would write
 * blindly), so the folder gets a lock file with the owner's pid. A lock left by a process
 * that died (kill -9, power loss) is taken over.
 */
function lockPglite(dir: string): () => void {
  const lock = `${dir}.lock`;
  try {
    const owner = Number(readFileSync(lock, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dir} is in use by process ${owner} (the running server or an admin command). ` +
          'Stop it and try again, or run the game on PostgreSQL (DATABASE_URL).',
      );
    }
  } catch (err) {
    if (err instanceof DatabaseInUseError) throw err;
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

async function openPglite(dir: string | undefined): Promise<Database> {
  let unlock = () => undefined as void;
  if (dir) {
    mkdirSync(path.dirname(dir), { recursive: true });
    unlock = lockPglite(dir);
  }
  // A new folder, or an in-memory database (tests), starts from the shipped empty cluster
  // instead of running initdb (pglite-cluster.ts).
  const startParams = [...pgliteStartParams];
  let client: PGlite;
  if (dir) {
    seedPgliteFolder(dir);
    client = new PGlite(dir, { startParams });
  } else {
    const bundle = readClusterBundle();
    client = new PGlite(
      bundle ? { startParams, loadDataDir: new Blob([bundle]) } : { startParams },
    );
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    // One process, one connection: it never loses its notifications, so nothing to resume.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** A request waits at most this long for a connection, then fails as unavailable (503). */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Idle connections are kept, not closed after 10 s (the driver's default): a new connection
    // is a new PostgreSQL backend with cold catalog caches that parses and plans every prepared
    // statement again, and a burst after a quiet spell met 20 of them at once (docs/performance.md,
    // Arena, "The pool kept warm"). The connection budget already counts every connection of the
    // pool as open (docs/operations.md).
    min: max,
    // Without it a request waits forever for a server that does not answer (a dropped network).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // The game's queries are short OLTP statements. The planner's cost guesses for a batch over
    // freshly written rows can pass jit_above_cost, and compiling then takes 40 times longer than
    // the query itself (settlement batches spent half their time in JIT). Options given in the
    // URL (?options=...) replace this.
    options: '-c jit=off',
  });
  const listeners = new Set<(err: Error) => void>();
  const report = (err: Error) => {
    if (listeners.size === 0) console.error('postgres connection error:', err.message);
    for (const listener of listeners) listener(err);
  };
  // An idle connection that loses its server must not crash the process; the pool drops it
  // and the next query opens a new one.
  pool.on('error', report);
  // A connection lent to a transaction has no listener of the pool's own. When PostgreSQL
  // stops (57P01 "terminating connection due to administrator command") such a connection
  // emits 'error', and an EventEmitter error without a listener ends the process. The query in
  // flight fails by itself (answered 503) and the pool discards the broken connection on release,
  // so this listener only has to exist.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listener = new PgListener(url, report);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(url),
    listen: (channel, onPayload, onResume) => listener.listen(channel, onPayload, onResume),
    close: async () => {
      await listener.close();
      await pool.end();
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    onConnectionError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Back-off between attempts to reconnect the listening connection: doubles up to the maximum. */
const LISTEN_RETRY_MS = { first: 100, max: 5_000 };
/** The listening connection is asked `select 1` this often; no answer within the timeout ends it. */
const LISTEN_PING_MS = 30_000;
const LISTEN_PING_TIMEOUT_MS = 10_000;
/** How the listening connection shows in pg_stat_activity (docs/operations.md). */
export const LISTEN_APPLICATION_NAME = 'aleph-listen';

interface Subscription {
  onPayload: (payload: string) => void;
  onResume: (() => void) | undefined;
}

/**
 * The process's one LISTEN connection (node-postgres): a plain `pg.Client` outside the pool,
 * since a pooled connection is lent to other queries and returned. It listens to every channel
 * of every subscriber. When it is lost (the server restarted, the network dropped it, a ping
 * went unanswered) it reconnects with back-off, listens again and tells the subscribers, whose
 * notifications in between are gone.
 */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly channels = new Map<string, Set<Subscription>>();
  private retryMs = LISTEN_RETRY_MS.first;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  /** True once a connection was lost: the next one that comes up resumes the subscribers. */
  private lost = false;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly report: (err: Error) => void,
  ) {}

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>> {
    const sub: Subscription = { onPayload, onResume };
    const subs = this.channels.get(channel) ?? new Set();
    const isNew = subs.size === 0;
    subs.add(sub);
    this.channels.set(channel, subs);
    if (this.client && isNew) await this.client.query(`listen ${quoteIdent(channel)}`);
    else if (!this.client) await this.connect();
    return async () => {
      subs.delete(sub);
      if (subs.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined);
      if (this.channels.size === 0) await this.close(false);
    };
  }

  /** Connects and listens; on failure retries with back-off until it succeeds or is closed. */
  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      while (!this.closed && !this.client && this.channels.size > 0) {
        const client = new pg.Client({
          connectionString: this.url,
          keepAlive: true,
          application_name: LISTEN_APPLICATION_NAME,
        });
        client.on('error', (err) => this.drop(client, err));
        client.on('end', () => this.drop(client));
        client.on('notification', (n) => {
          for (const sub of this.channels.get(n.channel) ?? []) sub.onPayload(n.payload ?? '');
        });
        try {
          await client.connect();
          for (const channel of this.channels.keys())
            await client.query(`listen ${quoteIdent(channel)}`);
          this.client = client;
        } catch (err) {
          client.removeAllListeners('end');
          await client.end().catch(() => undefined);
          this.report(err as Error);
          await new Promise<void>((resolve) => {
            this.retryTimer = setTimeout(resolve, this.retryMs);
            this.retryTimer.unref();
          });
          this.retryMs = Math.min(this.retryMs * 2, LISTEN_RETRY_MS.max);
        }
      }
      if (!this.client) return;
      this.retryMs = LISTEN_RETRY_MS.first;
      this.schedulePing();
      if (this.lost) {
        this.lost = false;
        for (const subs of this.channels.values()) for (const sub of subs) sub.onResume?.();
      }
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private drop(client: pg.Client, err?: Error) {
    if (this.client !== client) return;
    this.client = null;
    if (this.pingTimer) clearTimeout(this.pingTimer);
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (err) this.report(err);
    this.lost = true;
    void this.connect();
  }

  private schedulePing() {
    this.pingTimer = setTimeout(() => {
      const client = this.client;
      if (!client) return;
      const timeout = setTimeout(
        () => this.drop(client, new Error('the listening connection did not answer a ping')),
        LISTEN_PING_TIMEOUT_MS,
      );
      client.query('select 1').then(
        () => {
          clearTimeout(timeout);
          if (this.client === client) this.schedulePing();
        },
        (err: unknown) => {
          clearTimeout(timeout);
          this.drop(client, err as Error);
        },
      );
    }, LISTEN_PING_MS);
    this.pingTimer.unref();
  }

  async close(forever = true) {
    if (forever) this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearTimeout(this.pingTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Several processes may start at once: an advisory lock lets one migrate while the others wait. */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The node-postgres connection or pool behind `db`: a transaction's own connection, or the pool. */
function pgClientOf(db: Executor): pg.Pool | pg.ClientBase | null {
  const own = (db as unknown as { $client?: unknown }).$client;
  if (own instanceof pg.Pool) return own;
  // A drizzle transaction runs on the pooled connection its session holds.
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

/** FNV-1a of a statement's text, so a name stands for exactly one text. */
function textHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * Rows of a hot raw query as a named prepared statement on PostgreSQL, in or out of a
 * transaction: each pooled connection parses it once instead of on every request, and
 * PostgreSQL may keep its plan (planning the dashboard's query, or an arena attack's, cost more
 * than running it; docs/performance.md). The statement's name is `name` with a hash of its text,
 * so a query whose text varies with its input (a list of sources, say) gets one statement per
 * variant: keep the variants few, since each connection keeps them until it closes. Results use
 * node-postgres's own type parsers (timestamps as `Date`). On PGlite it is an ordinary query.
 */
export async function preparedRows<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const client = pgClientOf(db);
  if (client) {
    const dialect = (
      db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
    ).dialect;
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query<T & pg.QueryResultRow>({
      name: `${name}-${textHash(text)}`,
      text,
      values: params,
    });
    return result.rows;
  }
  return queryRows<T>(db, query);
}
