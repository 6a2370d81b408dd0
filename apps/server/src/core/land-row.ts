import type { Continent, Element, LandState, Terrain } from '@aleph/rules';

/**
 * A land as the one loader reads it (land-query.ts: the land, its four elements and its
 * resident count as one JSON value) and its conversion to the rules' shape.
 */
export interface LandJson {
  id: number;
  ownerId: number;
  name: string | null;
  continent: number;
  x: number;
  y: number;
  terrain: number;
  element: number;
  leftover: number | string;
  goldAt: string;
  createdAt: string;
  elements: Array<{
    element: number;
    tower: number;
    seals: number;
    /** Seal improvement steps; absent in rows read before they existed. */
    steps?: number;
    shards: number;
    volume: number | string;
    at: string;
  }> | null;
  residents: number | string;
}

type Quad<T> = [T, T, T, T];

export function landFromJson(j: LandJson): LandState {
  const created = new Date(j.createdAt).getTime();
  const towers: Quad<number> = [0, 0, 0, 0];
  const seals: Quad<number> = [0, 0, 0, 0];
  const shards: Quad<number> = [0, 0, 0, 0];
  const improvements: Quad<number> = [0, 0, 0, 0];
  // An element without its row (never, since a land is created with four) is empty.
  const empty = () => ({ volume: 0, at: created });
  const vault: Quad<{ volume: number; at: number }> = [empty(), empty(), empty(), empty()];
  for (const e of j.elements ?? []) {
    const i = e.element as 0 | 1 | 2 | 3;
    towers[i] = e.tower;
    seals[i] = e.seals;
    shards[i] = e.shards;
    improvements[i] = e.steps ?? 0;
    vault[i] = { volume: Number(e.volume), at: new Date(e.at).getTime() };
  }
  return {
    id: j.id,
    ownerId: j.ownerId,
    name: j.name,
    continent: j.continent as Continent,
    x: j.x,
    y: j.y,
    terrain: j.terrain as Terrain,
    element: j.element as Element,
    towers,
    seals,
    vault,
    shards,
    gold: { leftover: Number(j.leftover), at: new Date(j.goldAt).getTime() },
    residents: Number(j.residents),
    improvements,
  };
}
