import type { CheckLoginResponse, NonceResponse, Ok, RegisterBody } from '@aleph/contracts';
import { api } from '../../api/api';
import { signedOut } from '../../api/auth-slice';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<Ok, void>({
      query: () => ({ url: '/abwab/logout', method: 'POST' }),
      invalidatesTags: ['user'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(signedOut({ justLoggedOut: true }));
          dispatch(api.util.resetApiState());
        } catch {
          // The logout screen shows the error.
        }
      },
    }),
    register: build.mutation<Ok, RegisterBody>({
      query: (body) => ({ url: '/abwab/register', method: 'POST', body }),
    }),
    checkLogin: build.query<CheckLoginResponse, string>({
      query: (username) => ({ url: '/abwab/checklogin', params: { username } }),
      keepUnusedDataFor: 10,
    }),
    /** Single use: always fetched afresh (the lazy trigger ignores the cache). */
    getNonce: build.query<NonceResponse, void>({
      query: () => '/abwab/nonce',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLogoutMutation, useRegisterMutation, useCheckLoginQuery, useLazyGetNonceQuery } =
  authApi;
