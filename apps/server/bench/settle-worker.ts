import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { startSettlementWorker } from '../src/jobs/settlement-worker.js';
import { systemClock } from '../src/lib/clock.js';

/**
 * One settlement worker as its own process (the bench starts one, then two at once): the
 * server's own worker, with its own batch size. It connects, says `ready`, drains everything
 * that is due once told to go, and prints what it did as JSON.
 */
const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { databaseUrl: url, poolSize: 2 } : { pgliteDir: process.env.PGLITE_DIR },
);
const log = { debug: () => undefined, error: (...args: unknown[]) => console.error(...args) };
const worker = startSettlementWorker(database.db, systemClock, log, { intervalMs: 3_600_000 });
await database.db.execute(sql`select 1`);
console.info('ready');
// The bench starts every worker's drain at the same moment by writing a line to stdin.
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const started = performance.now();
const settled = await worker.drain();
console.info(JSON.stringify({ settled, ms: performance.now() - started }));
await worker.stop();
await database.close();
