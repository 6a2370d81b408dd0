import {
  createImmutableStateInvariantMiddleware,
  createSerializableStateInvariantMiddleware,
} from '@reduxjs/toolkit';
import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore as createStore,
  type Middleware,
  type Store,
  type UnknownAction,
} from 'redux';
import { thunk, type ThunkDispatch } from 'redux-thunk';
import type { api } from '../api/api';
import { apiSlot, apiSlotMiddleware } from '../api/api-slot';
import { authReducer } from '../api/auth-slice';
import { push } from '../api/push-slot';
import { uiReducer } from './ui-slice';

type ApiState = ReturnType<typeof api.reducer>;

const rootReducer = combineReducers({
  // RTK Query's cache, from the first screen that fetches on (src/api/api-slot.ts).
  api: apiSlot as (state: ApiState | undefined, action: UnknownAction) => ApiState,
  auth: authReducer,
  ui: uiReducer,
  push,
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;
export type AppStore = Store<RootState, UnknownAction> & { dispatch: AppDispatch };

declare global {
  interface Window {
    __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose;
  }
}

/**
 * A factory so that every test gets a fresh store; main.tsx makes the app's one store.
 *
 * The store Redux Toolkit's `configureStore` would make (thunks, the devtools extension, and in
 * development its checks that state is neither mutated nor unserialisable), from Redux itself:
 * every page loads the store, and Redux Toolkit (with immer) arrives only with the first screen
 * that fetches, so the login page loads none of it (docs/architecture.md, Web). The checks are
 * left out of the production build.
 */
export function createAppStore(): AppStore {
  const checks: Middleware[] = import.meta.env.DEV
    ? [createImmutableStateInvariantMiddleware(), createSerializableStateInvariantMiddleware()]
    : [];
  const withDevtools =
    (typeof window !== 'undefined' && window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__) || compose;
  return createStore(
    rootReducer,
    withDevtools(applyMiddleware(thunk, ...checks, apiSlotMiddleware)),
  ) as AppStore;
}
