import type {
  CheckLoginResponse,
  LoginBody,
  NonceResponse,
  Ok,
  RegisterBody,
} from '@aleph/contracts';
import { api } from '../../api/api';
import { signedIn, signedOut } from '../../app/auth-slice';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Ok, LoginBody>({
      query: (body) => ({ url: '/abwab/login', method: 'POST', body }),
      invalidatesTags: ['user'],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          // A fresh version marker: the signed-in route table takes over and re-reads data.
          dispatch(signedIn());
        } catch {
          // The login screen logs the failure (docs/screens.md: nothing is shown to the player).
        }
      },
    }),
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

export const {
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useCheckLoginQuery,
  useLazyGetNonceQuery,
} = authApi;
