import { asc, eq } from 'drizzle-orm';
import type { InventoryItem, Land } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { items, landItems } from '../../db/schema.js';
import { uncached, type Cached } from '../../lib/profile-cache.js';
import { landNotFound } from '../../core/not-found.js';
import { landsOfOwner } from '../../core/state.js';
import { landView } from '../../core/views.js';

const ownLands = (db: Db, ownerId: number, cached: Cached) =>
  cached('lands', () => landsOfOwner(db, ownerId));

export async function listLands(
  db: Db,
  ownerId: number,
  now: Date,
  cached = uncached,
): Promise<Land[]> {
  return (await ownLands(db, ownerId, cached)).map((land) => landView(land, now));
}

/** Another player's land answers exactly like a land that does not exist. */
export async function getLand(
  db: Db,
  ownerId: number,
  landId: number,
  now: Date,
  cached = uncached,
): Promise<Land> {
  const land = (await ownLands(db, ownerId, cached)).find((l) => l.id === landId);
  if (!land) throw landNotFound();
  return landView(land, now);
}

export async function landInventory(
  db: Db,
  ownerId: number,
  landId: number,
  cached = uncached,
): Promise<InventoryItem[]> {
  if (!(await ownLands(db, ownerId, cached)).some((l) => l.id === landId)) throw landNotFound();
  return cached(`items:${landId}`, () => inventoryOf(db, landId));
}

async function inventoryOf(db: Db, landId: number): Promise<InventoryItem[]> {
  const rows = await db
    .select({
      itemid: items.id,
      code: items.code,
      name: items.name,
      type: items.type,
      balance: landItems.balance,
    })
    .from(landItems)
    .innerJoin(items, eq(items.code, landItems.itemCode))
    .where(eq(landItems.landId, landId))
    .orderBy(asc(items.id));
  return rows
    .filter((r) => r.balance > 0)
    .map((r) => ({
      itemid: r.itemid,
      item_code: r.code,
      item_name: r.name,
      item_type: r.type === 'stuff' ? ('stuff' as const) : ('item' as const),
      balance: r.balance,
    }));
}
