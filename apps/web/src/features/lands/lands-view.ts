import type { Land } from '@aleph/contracts';

/** 'Rarity' is the land's terrain (docs/screens.md: filters by rarity, meaning terrain, and element). */
export type LandSort = 'id' | 'rarity' | 'element';

export const LAND_SORTS: readonly { value: LandSort; label: string }[] = [
  { value: 'id', label: 'ID' },
  { value: 'rarity', label: 'Rarity' },
  { value: 'element', label: 'Element' },
];

export interface LandsView {
  /** A terrain id, or null for all. */
  terrain: number | null;
  /** An element id, or null for all. */
  element: number | null;
  sort: LandSort;
}

const sortKey: Record<LandSort, (land: Land) => number> = {
  id: (land) => land.landid,
  rarity: (land) => land.terrain_type,
  element: (land) => land.element,
};

/** The lands that pass the filters, ascending by the sort key, ties by id. */
export function selectLands(lands: readonly Land[], view: LandsView): Land[] {
  const key = sortKey[view.sort];
  return lands
    .filter((land) => view.terrain === null || land.terrain_type === view.terrain)
    .filter((land) => view.element === null || land.element === view.element)
    .sort((a, b) => key(a) - key(b) || a.landid - b.landid);
}
