import Type, { type Static } from 'typebox';

/** A continent of the world map: 0 Aleph, 1 Beth. */
const ContinentId = Type.Integer({ minimum: 0, maximum: 1 });
const Coordinate = Type.Integer({ minimum: 0, maximum: 499 });

export const MapParams = Type.Object({ continent: ContinentId });
export type MapParams = Static<typeof MapParams>;
export const PlotParams = Type.Object({ continent: ContinentId, x: Coordinate, y: Coordinate });
export type PlotParams = Static<typeof PlotParams>;

/**
 * `GET /ard/map/{continent}` answers binary (`application/vnd.aleph.map`, docs/api.md "World
 * map"); this schema only documents it: the body is sent as bytes, never serialised.
 */
export const MapBinary = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** One occupied plot: who owns it, and the land's id when the caller does. */
export const MapPlot = Type.Object({
  continent: Type.Integer(),
  x: Type.Integer(),
  y: Type.Integer(),
  terrain: Type.Integer(),
  element: Type.Integer(),
  owner: Type.Object({ profileid: Type.Integer(), nickname: Type.String() }),
  mine: Type.Boolean(),
  landid: Type.Union([Type.Integer(), Type.Null()]),
});
export type MapPlot = Static<typeof MapPlot>;

const Count = Type.Integer({ minimum: 0 });

/** World statistics (level 5), computed at most once a minute per server process. */
export const WorldStats = Type.Object({
  /** When these numbers were computed (ISO 8601). */
  computedAt: Type.String(),
  players: Count,
  /** `landsByTerrain[continent][terrain]`. */
  landsByTerrain: Type.Array(Type.Array(Count)),
  /** `heroesByRarity[rarity]`. */
  heroesByRarity: Type.Array(Count),
  /** Missions settled since 00:00 UTC today. */
  missionsToday: Count,
  /** Gold claimed this ISO week (Monday 00:00 UTC), from the Top Gold Claimers board. */
  goldClaimedThisWeek: Count,
  /** `elementalsInVaults[element]`: the vaults' stored volumes, whole elementals. */
  elementalsInVaults: Type.Array(Count),
});
export type WorldStats = Static<typeof WorldStats>;
