import { useSyncExternalStore } from 'react';

/**
 * Continents whose map changed, as the push stream tells (`map.changed`: any player's land
 * made or removed). The map screen reads its continent again when the count of its continent
 * moves (docs/architecture.md, Web: the stream client). A counter, not the map: the bytes are
 * the map screen's to fetch.
 */
const counts = new Map<number, number>();
const listeners = new Set<() => void>();

export function mapChanged(continents: readonly number[]): void {
  for (const c of continents) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many times the continent's map was changed by push since the page loaded. */
export function useMapChanges(continent: number): number {
  const read = () => counts.get(continent) ?? 0;
  return useSyncExternalStore(subscribe, read, read);
}
