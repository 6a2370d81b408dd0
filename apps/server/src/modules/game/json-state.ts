import { sql, type SQL } from 'drizzle-orm';
import type {
  Continent,
  Element,
  HeroState,
  LandState,
  Rarity,
  Skills,
  Terrain,
} from '@aleph/rules';

/**
 * SQL that returns a land or a hero as one JSON value (with its elements, residents, busy flag
 * and home), so a service can read everything a rule needs in a single round trip, and the
 * conversion of that JSON to the rules' state.
 */
export const landJson = (landId: number): SQL => sql`(select json_build_object(
    'id', l.id, 'ownerId', l.owner_id, 'name', l.name, 'continent', l.continent, 'x', l.x, 'y', l.y,
    'terrain', l.terrain, 'element', l.element, 'leftover', l.gold_leftover, 'goldAt', l.gold_at,
    'createdAt', l.created_at,
    'elements', (select json_agg(json_build_object('element', e.element, 'tower', e.tower_level,
        'seals', e.seals, 'shards', e.shards, 'volume', e.vault_volume, 'at', e.vault_at) order by e.element)
      from land_elements e where e.land_id = l.id),
    'residents', (select count(*) from heroes r where r.residence_id = l.id))
  from lands l where l.id = ${landId})`;

export const heroJson = (heroId: number): SQL => sql`(select json_build_object(
    'id', h.id, 'ownerId', h.owner_id, 'name', h.name, 'rarity', h.rarity, 'element', h.element,
    'skills', h.skills, 'residenceId', h.residence_id,
    'busy', exists(select 1 from missions m where m.hero_id = h.id and m.status = 'running'),
    'home', (select json_build_object('continent', r.continent, 'x', r.x, 'y', r.y)
             from lands r where r.id = h.residence_id))
  from heroes h where h.id = ${heroId})`;

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
    shards: number;
    volume: number | string;
    at: string;
  }> | null;
  residents: number | string;
}

export interface HeroJson {
  id: number;
  ownerId: number;
  name: string;
  rarity: number;
  element: number;
  skills: number[];
  residenceId: number | null;
  busy: boolean;
  home: { continent: number; x: number; y: number } | null;
}

type Quad<T> = [T, T, T, T];

export function landFromJson(j: LandJson): LandState {
  const created = new Date(j.createdAt).getTime();
  const towers: Quad<number> = [0, 0, 0, 0];
  const seals: Quad<number> = [0, 0, 0, 0];
  const shards: Quad<number> = [0, 0, 0, 0];
  const vault: Quad<{ volume: number; at: number }> = [0, 1, 2, 3].map(() => ({
    volume: 0,
    at: created,
  })) as Quad<{
    volume: number;
    at: number;
  }>;
  for (const e of j.elements ?? []) {
    const i = e.element as 0 | 1 | 2 | 3;
    towers[i] = e.tower;
    seals[i] = e.seals;
    shards[i] = e.shards;
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
  };
}

export function heroFromJson(j: HeroJson): HeroState {
  return {
    id: j.id,
    ownerId: j.ownerId,
    name: j.name,
    busy: j.busy,
    rarity: j.rarity as Rarity,
    element: j.element as Element,
    skills: j.skills as unknown as Skills,
    residence:
      j.residenceId !== null && j.home
        ? {
            landId: j.residenceId,
            continent: j.home.continent as Continent,
            x: j.home.x,
            y: j.home.y,
          }
        : null,
  };
}
