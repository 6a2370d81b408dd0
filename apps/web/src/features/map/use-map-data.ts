import { useMemo } from 'react';
import type { Hero, Land } from '@aleph/contracts';
import { CONTINENT_NAMES, travelMinutes, type Continent, type Residence } from '@aleph/rules';
import { paintContinent, paintTravel } from './map-bitmap';
import { MAP_SIZE } from './map-view';
import type { ContinentMap } from './use-continent-map';

const isContinent = (c: number): c is Continent => c >= 0 && c < CONTINENT_NAMES.length;

/** The player's lands on the continent by plot index (`y * 500 + x`). */
export function useOwnPlots(lands: readonly Land[] | undefined, continent: number) {
  return useMemo(() => {
    const byPlot = new Map<number, Land>();
    for (const land of lands ?? [])
      if (land.continent === continent) byPlot.set(land.y * MAP_SIZE + land.x, land);
    return byPlot;
  }, [lands, continent]);
}

/** The continent's bitmap, painted again only when the map or the player's lands change. */
export function useBaseImage(map: ContinentMap, own: ReadonlyMap<number, Land>) {
  return useMemo(
    () => (map.status === 'ready' ? paintContinent(map.map, new Set(own.keys())) : null),
    [map, own],
  );
}

/** The picked hero's residence: null for a hero without one (the rules' longest way). */
export function residenceOf(hero: Hero | undefined, lands: readonly Land[] | undefined) {
  if (!hero) return undefined;
  const land = lands?.find((l) => l.landid === hero.residenceid);
  if (!land || !isContinent(land.continent)) return null;
  const residence: Residence = {
    landId: land.landid,
    continent: land.continent,
    x: land.x,
    y: land.y,
  };
  return residence;
}

/** The travel shade of the picked hero over the continent. */
export function useTravelImage(continent: Continent, residence: Residence | null | undefined) {
  return useMemo(
    () => (residence === undefined ? null : paintTravel(continent, MAP_SIZE, MAP_SIZE, residence)),
    [continent, residence],
  );
}

export const travelTo = (residence: Residence | null, continent: Continent, x: number, y: number) =>
  travelMinutes(residence, { continent, x, y });
