import { sql } from 'drizzle-orm';
import { ITEMS } from '@aleph/rules';
import type { Db, Executor } from '../../db/client.js';
import { items } from '../../db/schema.js';

/** Any constant of our own: serialises catalogue syncs across processes. */
const CATALOGUE_LOCK_KEY = 0x616c6570;

/**
 * Brings the items table in line with the rules' catalogue; item ids follow its order. Processes
 * starting together each sync it: without the lock, two first-time upserts raced on the unique
 * item code (which ON CONFLICT (id) does not arbitrate) and one process failed to start.
 */
export async function syncItemCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    await upsertItems(tx);
  });
}

async function upsertItems(db: Executor): Promise<void> {
  await db
    .insert(items)
    .values(
      ITEMS.map((item, index) => ({
        id: index + 1,
        code: item.item_code,
        name: item.item_name,
        type: item.item_type,
      })),
    )
    .onConflictDoUpdate({
      target: items.id,
      set: { code: sql`excluded.code`, name: sql`excluded.name`, type: sql`excluded.type` },
    });
}
