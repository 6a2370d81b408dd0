import { useEffect, useState } from 'react';
import { decodeMap, EVENT_REFETCH_SPREAD_MS, type DecodedMap } from '@aleph/contracts';
import { useMapChanges } from '../../api/map-signal';

/**
 * Without the push stream (or if a change was missed), other players' new lands show within
 * this time; with it, when the server says the continent changed (`map.changed`).
 */
export const MAP_REFRESH_MS = 60_000;

export type ContinentMap =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; map: DecodedMap };

/**
 * The continent's occupied plots, read as bytes (not through the JSON cache): the browser's
 * HTTP cache keeps them and revalidates with the ETag, so a refresh of an unchanged map costs
 * a 304. `refreshKey` changes when the player's lands change (a push `land.changed`); any
 * player's change on the continent comes as `map.changed` (`useMapChanges`).
 */
export function useContinentMap(continent: number, refreshKey: number): ContinentMap {
  const [state, setState] = useState<{ key: string; value: ContinentMap }>({
    key: '',
    value: { status: 'loading' },
  });
  const [tick, setTick] = useState(0);
  const pushed = useMapChanges(continent);

  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), MAP_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Every open map hears of a change at the same moment: each reads after its own random
  // pause, as other reads after an event do, so they do not all ask at once.
  useEffect(() => {
    if (pushed === 0) return;
    const timer = window.setTimeout(
      () => setTick((t) => t + 1),
      Math.floor(Math.random() * EVENT_REFETCH_SPREAD_MS),
    );
    return () => window.clearTimeout(timer);
  }, [pushed]);

  useEffect(() => {
    const controller = new AbortController();
    const key = String(continent);
    fetch(`/ard/map/${continent}`, { credentials: 'include', signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`map ${res.status}`);
        const map = decodeMap(new Uint8Array(await res.arrayBuffer()));
        setState((prev) =>
          // An unchanged map keeps its object, so nothing is painted again.
          prev.key === key && prev.value.status === 'ready' && sameMap(prev.value.map, map)
            ? prev
            : { key, value: { status: 'ready', map } },
        );
      })
      .catch(() => {
        if (!controller.signal.aborted)
          setState((prev) =>
            prev.key === key && prev.value.status === 'ready'
              ? prev
              : { key, value: { status: 'error' } },
          );
      });
    return () => controller.abort();
  }, [continent, refreshKey, tick]);

  return state.key === String(continent) ? state.value : { status: 'loading' };
}

function sameMap(a: DecodedMap, b: DecodedMap): boolean {
  if (a.count !== b.count || a.cells.length !== b.cells.length) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
