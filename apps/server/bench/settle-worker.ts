import { openDatabase } from '../src/db/client.js';
import { settleDueBatch } from '../src/modules/missions/settle.js';

/**
 * One settlement worker as its own process (the bench starts one, then two at once): settles
 * batches until nothing is due, then prints what it did as JSON.
 */
const url = process.env.DATABASE_URL;
const batch = Number(process.env.SETTLE_BATCH ?? 500);
const database = await openDatabase(
  url ? { databaseUrl: url, poolSize: 2 } : { pgliteDir: process.env.PGLITE_DIR },
);
const started = performance.now();
let settled = 0;
for (;;) {
  const n = await settleDueBatch(database.db, new Date(), batch);
  settled += n;
  if (n === 0) break;
}
const ms = performance.now() - started;
await database.close();
console.info(JSON.stringify({ settled, ms }));
