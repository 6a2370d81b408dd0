import { createApi } from '@reduxjs/toolkit/query/react';
import { createReauthBaseQuery } from './base-query';
import { sessionLost } from './session-lost';

/** The one RTK Query API of the app; features add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createReauthBaseQuery({
    // Same origin as the page (the dev server proxies the API prefixes).
    baseUrl: window.location.origin,
    onSessionLost: (dispatch) => {
      dispatch(sessionLost());
      dispatch(api.util.resetApiState());
    },
  }),
  tagTypes: ['user', 'lands', 'land', 'hero', 'profile', 'residents'],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
