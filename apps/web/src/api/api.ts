import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, setupListeners } from '@reduxjs/toolkit/query/react';
import { installApi } from './api-slot';
import { createReauthBaseQuery, createSessionRefresher, type ReauthOptions } from './base-query';
import { sessionLost } from './session-lost';

const reauth: ReauthOptions = {
  // Same origin as the page (the dev server proxies the API prefixes).
  baseUrl: window.location.origin,
  onSessionLost: (dispatch) => {
    dispatch(sessionLost());
    dispatch(api.util.resetApiState());
  },
};

/** The one RTK Query API of the app; features add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createReauthBaseQuery(reauth),
  tagTypes: [
    'user',
    'lands',
    'land',
    'hero',
    'profile',
    'residents',
    'missions',
    'dashboard',
    'features',
    'staff',
    // The Bazaar's (features/bazaar): declared here so the push events can invalidate them.
    'BazaarListing',
    'BazaarMine',
  ],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/** A store's dispatch as the API's thunks need it (an endpoint's `initiate`, for one). */
export type ApiDispatch = ThunkDispatch<
  { api: ReturnType<typeof api.reducer> },
  undefined,
  UnknownAction
>;

// Into the store's slot: the first module that fetches brings RTK Query along (api-slot.ts).
installApi(api.reducer, api.middleware, setupListeners);

/** The same refresh for the push stream, which is no request (docs/architecture.md, Web). */
export const refreshSession = createSessionRefresher(reauth);
