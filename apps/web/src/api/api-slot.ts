import type { Dispatch, Middleware, UnknownAction } from '@reduxjs/toolkit';

/**
 * The API's reducer, its state unknown here: the slot imports nothing of the API, which imports
 * the slot; the store states the type (src/app/store.ts).
 */
type ApiReducer = (state: unknown, action: UnknownAction) => unknown;

let apiReducer: ApiReducer | undefined;
let apiMiddleware: Middleware | undefined;
let listen: ((dispatch: Dispatch) => unknown) | undefined;
/** Stores made before the API arrived: each gets one action to take the API's state. */
const waiting = new Set<Dispatch>();

/**
 * The store's `api` state and middleware. RTK Query arrives with the first screen that fetches
 * (the signed-in frame, the registration form), whose `api` module installs itself here
 * (`installApi`): the login page carries none of it (docs/architecture.md, Web). Until then
 * the state is null; the store types it as the API's state since only RTK Query reads it, once
 * here.
 */
export const apiSlot: ApiReducer = (state = null, action) =>
  apiReducer ? apiReducer(state ?? undefined, action) : state;

/** The store's middleware for the API: passes actions through until the API is installed. */
export const apiSlotMiddleware: Middleware = (store) => {
  if (!apiReducer) waiting.add(store.dispatch);
  return (next) => {
    let chain: ((action: unknown) => unknown) | undefined;
    return (action) => {
      if (!apiMiddleware) return next(action);
      if (!chain) {
        chain = apiMiddleware(store)(next);
        listen?.(store.dispatch);
      }
      return chain(action);
    };
  };
};

/** `setupListeners`: RTK Query's focus and reconnect listeners, set up for each store. */
export function installApi<S>(
  reducer: (state: S | undefined, action: UnknownAction) => S,
  middleware: Middleware,
  setupListeners: (dispatch: Dispatch) => unknown,
) {
  if (apiReducer) return;
  apiReducer = reducer as ApiReducer;
  apiMiddleware = middleware;
  listen = setupListeners;
  for (const dispatch of waiting) dispatch({ type: 'api/installed' });
  waiting.clear();
}
