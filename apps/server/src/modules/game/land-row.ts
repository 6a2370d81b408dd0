import type { Continent, Element, LandState, PerElement, Terrain } from '@aleph/rules';
import type { landElements, lands } from '../../db/schema.js';

/** A land's row and element rows in the rules' shape (used by land-query.ts and state.ts). */

type LandRow = typeof lands.$inferSelect;
type ElementRow = typeof landElements.$inferSelect;

function perElement<T>(
  rows: readonly ElementRow[],
  pick: (r: ElementRow) => T,
  fallback: T,
): PerElement<T> {
  const out: [T, T, T, T] = [fallback, fallback, fallback, fallback];
  for (const r of rows) out[r.element] = pick(r);
  return out;
}

export function toLandState(
  row: LandRow,
  elements: readonly ElementRow[],
  residents: number,
): LandState {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    continent: row.continent as Continent,
    x: row.x,
    y: row.y,
    terrain: row.terrain as Terrain,
    element: row.element as Element,
    towers: perElement(elements, (r) => r.towerLevel, 0),
    seals: perElement(elements, (r) => r.seals, 0),
    vault: perElement(elements, (r) => ({ volume: r.vaultVolume, at: r.vaultAt.getTime() }), {
      volume: 0,
      at: row.createdAt.getTime(),
    }),
    shards: perElement(elements, (r) => r.shards, 0),
    gold: { leftover: row.goldLeftover, at: row.goldAt.getTime() },
    residents,
  };
}
