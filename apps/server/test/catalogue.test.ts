import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ITEMS } from '@aleph/rules';
import { queryRows, type Database } from '../src/db/client.js';
import { syncItemCatalogue } from '../src/modules/world/catalogue.js';
import { openTestDatabase } from './helpers.js';

/**
 * Every server process syncs the item catalogue as it starts, and several start together behind
 * a load balancer. On PostgreSQL (TEST_DATABASE_URL) the syncs below really run at once, each on
 * its own connection, against an empty catalogue.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('item catalogue sync', () => {
  it('twelve processes syncing an empty catalogue at once all succeed (ten rounds), with one row per item', async () => {
    for (let round = 0; round < 10; round++) {
      await database.db.execute(sql`delete from items`);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => syncItemCatalogue(database.db)),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    }
    const rows = await queryRows<{ code: string }>(
      database.db,
      sql`select code from items order by id`,
    );
    expect(rows.map((r) => r.code)).toEqual(ITEMS.map((item) => item.item_code));
  });
});
