import type { Dispatch, Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { api as Api } from './api';

type ApiState = ReturnType<typeof Api.reducer>;
type ApiReducer = (state: ApiState | undefined, action: UnknownAction) => ApiState;

let apiReducer: ApiReducer | undefined;
let apiMiddleware: Middleware | undefined;
let listen: ((dispatch: Dispatch) => unknown) | undefined;
/** Stores made before the API arrived: each gets one action to take the API's state. */
const waiting = new Set<Dispatch>();

/**
 * The store's `api` state and middleware. RTK Query arrives with the first screen that fetches
 * (the signed-in frame, the registration form), whose `api` module installs itself here
 * (`installApi`): the login page carries none of it (docs/architecture.md, Web). Until then
 * the state is null; it is typed as the API's state since only RTK Query reads it, once here.
 */
export const apiSlot = ((state: ApiState | null = null, action: UnknownAction) =>
  apiReducer ? apiReducer(state ?? undefined, action) : state) as ApiReducer;

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
export function installApi(
  reducer: ApiReducer,
  middleware: Middleware,
  setupListeners: (dispatch: Dispatch) => unknown,
) {
  if (apiReducer) return;
  apiReducer = reducer;
  apiMiddleware = middleware;
  listen = setupListeners;
  for (const dispatch of waiting) dispatch({ type: 'api/installed' });
  waiting.clear();
}
