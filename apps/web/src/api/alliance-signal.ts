import { useEffect, useSyncExternalStore } from 'react';
import type { ChatLine } from '@aleph/contracts';

/**
 * The alliance's push events for the screens that show them (docs/architecture.md, Web: the
 * stream client): `alliance.message` lines go to the open chat panels as they come (the chat
 * keeps its own list, a cache entry per page would not know where a live line belongs), and
 * `alliance.changed` moves a counter the alliance pages read again on.
 */
type LineListener = (line: ChatLine) => void;
const lineListeners = new Set<LineListener>();
let changes = 0;
const changeListeners = new Set<() => void>();

export function allianceLinePushed(line: ChatLine): void {
  for (const listener of lineListeners) listener(line);
}

export function allianceChanged(): void {
  changes += 1;
  for (const listener of changeListeners) listener();
}

/** Calls `onLine` with each line pushed while the component is mounted. */
export function useAllianceLines(onLine: LineListener): void {
  useEffect(() => {
    lineListeners.add(onLine);
    return () => {
      lineListeners.delete(onLine);
    };
  }, [onLine]);
}

function subscribeChanges(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

const readChanges = () => changes;

/** How many times the player's alliance changed by push since the page loaded. */
export function useAllianceChanges(): number {
  return useSyncExternalStore(subscribeChanges, readChanges, readChanges);
}
