import { sql } from 'drizzle-orm';
import { createRng, GAME_CONFIG, type Rng } from '@aleph/rules';
import { queryRows, type Tx } from '../db/client.js';
import { jsonRows } from '../core/json-rows.js';

const { width, height } = GAME_CONFIG.world;
/** Lands per continent for the demo's other players: a map worth looking at (issue: world map). */
export const DEMO_LANDS_PER_CONTINENT = 2_000;
/** Each player's lands lie around a home of theirs; homes gather near the centre, as minting does. */
const HOME_SPREAD = 80;
const LAND_SPREAD = 14;

/** A normal draw (Box-Muller) from the seeded generator. */
const normal = (rng: Rng) =>
  Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
const clamp = (v: number, max: number) => Math.min(max - 1, Math.max(0, Math.round(v)));

/** Where the lands go: a few homes per player per continent, lands scattered around each. */
function plan(owners: readonly number[], rng: Rng) {
  const rows: Array<Record<string, number>> = [];
  for (const continent of [0, 1]) {
    const taken = new Set<number>();
    const homes = owners.flatMap((owner) =>
      [0, 1].map(() => ({
        owner,
        x: width / 2 + normal(rng) * HOME_SPREAD,
        y: height / 2 + normal(rng) * HOME_SPREAD,
        terrain: rng.int(0, 4),
      })),
    );
    for (
      let n = 0;
      n < DEMO_LANDS_PER_CONTINENT * 4 && taken.size < DEMO_LANDS_PER_CONTINENT;
      n++
    ) {
      const home = homes[rng.int(0, homes.length - 1)]!;
      const x = clamp(home.x + normal(rng) * LAND_SPREAD, width);
      const y = clamp(home.y + normal(rng) * LAND_SPREAD, height);
      if (taken.has(y * width + x)) continue;
      taken.add(y * width + x);
      // Mostly the home's terrain, so kingdoms show on the map.
      const terrain = rng.next() < 0.6 ? home.terrain : rng.int(0, 4);
      rows.push({ owner: home.owner, continent, x, y, terrain, element: rng.int(0, 3) });
    }
  }
  return rows;
}

/**
 * Thousands of lands of the demo's other players on both continents, in two statements (the
 * lands, then their elements), so the first start stays fast. Plots already taken (the demo
 * account's, the veteran's) are skipped.
 */
export async function createDemoLands(tx: Tx, owners: readonly number[], now: Date) {
  if (owners.length === 0) return 0;
  const rows = plan(owners, createRng('lands-of-aleph-demo-map'));
  const inserted = await queryRows<{ n: number }>(
    tx,
    sql`with made as (
          insert into lands (owner_id, continent, x, y, terrain, element, gold_leftover, gold_at, created_at)
          select owner, continent, x, y, terrain, element, 0, ${now}, ${now}
          from jsonb_to_recordset(${jsonRows(rows)})
            as v(owner int, continent smallint, x smallint, y smallint, terrain smallint, element smallint)
          on conflict (continent, x, y) do nothing
          returning id
        ), elements as (
          insert into land_elements (land_id, element, vault_at)
          select made.id, e.element, ${now} from made cross join generate_series(0, 3) as e(element)
        )
        select count(*)::int as n from made`,
  );
  return inserted[0]?.n ?? 0;
}
