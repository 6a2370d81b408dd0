import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React adopts prerendered markup (and in the prerender itself), true once the
 * page answers to input. The prerendered login (docs/architecture.md, Web) keeps its button
 * disabled until then, so a click or an Enter before the JavaScript has run never submits the
 * form natively (which would reload the page and drop what was typed).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
