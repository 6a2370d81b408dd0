import { sql } from 'drizzle-orm';
import type { WorldStats } from '@aleph/contracts';
import { ELEMENTS, isoWeekStart, RARITIES, TERRAINS, utcDayStart } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';

type Counted<K extends string> = Record<K, number> & { n: number };

/**
 * The world's numbers at `now` (docs/api.md, "World statistics"). Vaults count their stored
 * volumes: evaluating every vault's decay at `now` would read each of them into the process,
 * and the stored volume is what the land pages start from too (docs/game-rules.md).
 */
export async function computeWorldStats(db: Executor, now: Date): Promise<WorldStats> {
  const dayStart = new Date(utcDayStart(now.getTime()));
  const weekStart = new Date(isoWeekStart(now.getTime()));
  const [players, lands, heroes, missions, gold, vaults] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from profiles`),
    queryRows<Counted<'continent' | 'terrain'>>(
      db,
      sql`select continent, terrain, count(*)::int as n from lands group by 1, 2`,
    ),
    queryRows<Counted<'rarity'>>(db, sql`select rarity, count(*)::int as n from heroes group by 1`),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from missions
          where status = 'settled' and settled_at >= ${dayStart} and settled_at <= ${now}`,
    ),
    queryRows<{ n: string }>(
      db,
      sql`select coalesce(sum(score), 0)::text as n from board_scores
          where board = 'TOP_GOLD_CLAIMERS' and week_start = ${weekStart}`,
    ),
    queryRows<{ element: number; n: string }>(
      db,
      sql`select element, floor(coalesce(sum(vault_volume), 0))::text as n
          from land_elements group by 1`,
    ),
  ]);
  const landsByTerrain = [0, 1].map((continent) =>
    TERRAINS.map(
      (terrain) => lands.find((r) => r.continent === continent && r.terrain === terrain)?.n ?? 0,
    ),
  );
  return {
    computedAt: now.toISOString(),
    players: players[0]?.n ?? 0,
    landsByTerrain,
    heroesByRarity: RARITIES.map((rarity) => heroes.find((r) => r.rarity === rarity)?.n ?? 0),
    missionsToday: missions[0]?.n ?? 0,
    goldClaimedThisWeek: Number(gold[0]?.n ?? 0),
    elementalsInVaults: ELEMENTS.map((e) => Number(vaults.find((r) => r.element === e)?.n ?? 0)),
  };
}
