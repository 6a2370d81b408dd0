import { CONTINENT_NAMES, TERRAIN_NAMES } from '@aleph/rules';

/** Display names for the numeric ids the API carries; '#id' for one the client does not know. */
export const terrainLabel = (terrain: number): string => TERRAIN_NAMES[terrain] ?? `#${terrain}`;

export const continentLabel = (continent: number): string =>
  CONTINENT_NAMES[continent] ?? `#${continent}`;
