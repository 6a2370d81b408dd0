import { useSyncExternalStore } from 'react';

/**
 * The app's one ticking clock (docs/screens.md, Display rules: countdowns). A single interval
 * runs while at least one component reads the clock and stops with the last one, however many
 * countdowns are on screen; each reader re-renders only when the value it asked for changes.
 */
export const CLOCK_TICK_MS = 1_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(tick, CLOCK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The clock's time; while it is stopped, refreshed when it is a tick old (stable in between). */
function read(): number {
  if (timer === undefined && Date.now() - now >= CLOCK_TICK_MS) now = Date.now();
  return now;
}

/** Whether the shared interval is running (for tests). */
export const clockRunning = () => timer !== undefined;

/**
 * The current time in ms, from the shared clock, rounded down to `stepMs` (a multiple of the
 * tick): a reader of minutes re-renders once a minute, a countdown once a second.
 */
export function useClock(stepMs: number = CLOCK_TICK_MS): number {
  const snapshot = () => Math.floor(read() / stepMs) * stepMs;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
