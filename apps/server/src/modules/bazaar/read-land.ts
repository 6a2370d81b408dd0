import { sql } from 'drizzle-orm';
import { productivity, vaultView } from '@aleph/rules';
import type { ListedLand } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { landJsonOf } from '../../core/land-query.js';
import { landFromJson, type LandJson } from '../../core/land-row.js';

interface LandItemJson {
  code: string;
  name: string;
  count: number | string;
}

/**
 * A listed land as its page shows it (docs/api.md, Bazaar): the land through the one loader
 * (core/land-query.ts) and its inventory with names, in one round trip; production and vaults
 * are the rules' figures at `now`.
 */
export async function listedLand(
  db: Executor,
  landId: number,
  now: Date,
): Promise<ListedLand | null> {
  const [row] = await queryRows<{ land: LandJson | null; items: LandItemJson[] | null }>(
    db,
    sql`select ${landJsonOf(landId)} as land,
      (select json_agg(json_build_object('code', i.item_code, 'name', it.name, 'count', i.balance)
          order by i.item_code)
        from land_items i join items it on it.code = i.item_code
        where i.land_id = ${landId} and i.balance > 0) as items`,
  );
  if (!row?.land) return null;
  const land = landFromJson(row.land);
  return {
    landid: land.id,
    name: land.name ?? null,
    continent: land.continent,
    x: land.x,
    y: land.y,
    terrain: land.terrain,
    element: land.element,
    goldPerDay: productivity(land.towers, land.terrain),
    towers: [...land.towers],
    seals: [...land.seals],
    vaults: vaultView(land, now.getTime()).map((v) => v.volume),
    shards: [...land.shards],
    items: (row.items ?? []).map((i) => ({ code: i.code, name: i.name, count: Number(i.count) })),
  };
}
