import type {
  Accepted,
  CheckLoginResponse,
  MailStatusResponse,
  NonceResponse,
  Ok,
  RegisterBody,
  RestoreBody,
  RestoreConfirmBody,
} from '@aleph/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
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
    /** Whether the server can send mail: recovery by e-mail is off when it cannot. */
    getMailStatus: build.query<MailStatusResponse, void>({
      query: () => '/abwab/mail',
    }),
    /** Asks for a reset link; the error keeps the answer's Retry-After (see retryAfterSeconds). */
    restorePassword: build.mutation<Accepted, RestoreBody>({
      query: (body) => ({ url: '/abwab/restore', method: 'POST', body }),
      transformErrorResponse: (error, meta) => ({
        ...error,
        // The app's base query is fetchBaseQuery's: its meta has the response.
        retryAfter:
          (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('retry-after') ??
          undefined,
      }),
    }),
    confirmRestore: build.mutation<Ok, RestoreConfirmBody>({
      query: (body) => ({ url: '/abwab/restore/confirm', method: 'POST', body }),
    }),
  }),
});

export const {
  useLogoutMutation,
  useRegisterMutation,
  useCheckLoginQuery,
  useLazyGetNonceQuery,
  useGetMailStatusQuery,
  useRestorePasswordMutation,
  useConfirmRestoreMutation,
} = authApi;

/** Seconds to wait from a refused request's Retry-After (seconds or an HTTP date), if it has one. */
export function retryAfterSeconds(error: unknown, now = Date.now()): number | undefined {
  if (typeof error !== 'object' || error === null || !('retryAfter' in error)) return undefined;
  const value = error.retryAfter;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
