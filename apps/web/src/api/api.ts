import { createApi } from '@reduxjs/toolkit/query/react';
import { signedOut } from '../app/auth-slice';
import { createReauthBaseQuery } from './base-query';

/** The one RTK Query API of the app; features add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createReauthBaseQuery({
    // Same origin as the page (the dev server proxies the API prefixes).
    baseUrl: window.location.origin,
    onSessionLost: (dispatch) => {
      dispatch(signedOut());
      dispatch(api.util.resetApiState());
    },
  }),
  tagTypes: ['user', 'lands', 'land', 'hero', 'profile', 'residents'],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
