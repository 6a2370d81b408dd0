import { sql } from 'drizzle-orm';
import { ITEMS } from '@aleph/rules';
import type { Db } from '../../db/client.js';
import { items } from '../../db/schema.js';

/** Brings the items table in line with the rules' catalogue; item ids follow its order. */
export async function syncItemCatalogue(db: Db): Promise<void> {
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
