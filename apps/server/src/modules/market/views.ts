import { and, eq, inArray } from 'drizzle-orm';
import type { Purchase, PurchaseKind, PurchaseStatus } from '@aleph/contracts';
import type { Executor } from '../../db/client.js';
import { heroes, missions } from '../../db/schema.js';
import { queryLandsByIds } from '../../core/land-query.js';
import { heroView, landView } from '../../core/views.js';
import { heroListings } from '../../core/escrow.js';
import { resultOf, type PurchaseRow } from './store.js';

const isId = (id: number | undefined): id is number => id !== undefined;

/** Purchases as the API shows them, with the minted land or hero as it is now. */
export async function purchaseViews(
  db: Executor,
  rows: readonly PurchaseRow[],
  now: Date,
): Promise<Purchase[]> {
  const landIds = rows.map((r) => resultOf(r).landId).filter(isId);
  const heroIds = rows.map((r) => resultOf(r).heroId).filter(isId);
  const [landsById, heroesById] = await Promise.all([
    landViews(db, landIds, now),
    heroViews(db, heroIds, now),
  ]);
  return rows.map((row) => {
    const result = resultOf(row);
    const land = result.landId ? landsById.get(result.landId) : undefined;
    const hero = result.heroId ? heroesById.get(result.heroId) : undefined;
    return {
      purchaseid: row.id,
      kind: row.kind as PurchaseKind,
      status: row.status as PurchaseStatus,
      platinum: row.platinum,
      gold: row.gold,
      packageId: row.packageId,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
      txHash: row.txHash,
      ...(result.confirmations ? { confirmations: result.confirmations } : {}),
      ...(row.status === 'refused' && result.refusal ? { refusal: result.refusal } : {}),
      ...(land ? { land } : {}),
      ...(hero ? { hero } : {}),
    };
  });
}

export async function purchaseView(db: Executor, row: PurchaseRow, now: Date): Promise<Purchase> {
  const [view] = await purchaseViews(db, [row], now);
  return view!;
}

async function landViews(db: Executor, ids: readonly number[], now: Date) {
  const lands = await queryLandsByIds(db, ids);
  return new Map(lands.map((land) => [land.id, landView(land, now)]));
}

async function heroViews(db: Executor, ids: readonly number[], now: Date) {
  if (ids.length === 0) return new Map<number, ReturnType<typeof heroView>>();
  const rows = await db
    .select({ hero: heroes, eta: missions.eta })
    .from(heroes)
    .leftJoin(missions, and(eq(missions.heroId, heroes.id), eq(missions.status, 'running')))
    .where(inArray(heroes.id, [...ids]));
  const listings = await heroListings(db, ids);
  return new Map(
    rows.map((r) => [r.hero.id, heroView({ row: r.hero, eta: r.eta }, now, listings)]),
  );
}
