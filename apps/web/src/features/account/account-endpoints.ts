import type {
  Accepted,
  AccountSessionsResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  EndOtherSessionsResponse,
  Ok,
} from '@aleph/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '../../api/api';

/** A refused request keeps its answer's Retry-After, so the page can say when to try again. */
const keepRetryAfter = (error: object, meta: unknown) => ({
  ...error,
  retryAfter:
    (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('retry-after') ?? undefined,
});

/**
 * The account settings' changes (docs/api.md, "Account settings"). The account's own answer
 * (src/api/account-endpoints.ts) is tagged 'account'; the list of sessions 'accountSessions'.
 */
export const accountApi = api
  .enhanceEndpoints({ addTagTypes: ['account', 'accountSessions'] })
  .injectEndpoints({
    endpoints: (build) => ({
      resendVerification: build.mutation<Accepted, void>({
        query: () => ({ url: '/athar/account/email/verify', method: 'POST' }),
        transformErrorResponse: keepRetryAfter,
        // A 409 means it was verified meanwhile (another tab followed the link): show that.
        invalidatesTags: ['account'],
      }),
      changeEmail: build.mutation<Accepted, ChangeEmailBody>({
        query: (body) => ({ url: '/athar/account/email', method: 'POST', body }),
        transformErrorResponse: keepRetryAfter,
        invalidatesTags: (result) => (result ? ['account'] : []),
      }),
      changePassword: build.mutation<Ok, ChangePasswordBody>({
        query: (body) => ({ url: '/athar/account/password', method: 'POST', body }),
        transformErrorResponse: keepRetryAfter,
        invalidatesTags: (result) => (result ? ['accountSessions'] : []),
      }),
      getAccountSessions: build.query<AccountSessionsResponse, void>({
        query: () => '/athar/account/sessions',
        providesTags: ['accountSessions'],
      }),
      endSession: build.mutation<Ok, string>({
        query: (id) => ({ url: `/athar/account/sessions/${id}`, method: 'DELETE' }),
        invalidatesTags: ['accountSessions'],
      }),
      endOtherSessions: build.mutation<EndOtherSessionsResponse, void>({
        query: () => ({ url: '/athar/account/sessions/end-others', method: 'POST' }),
        invalidatesTags: ['accountSessions'],
      }),
    }),
  });

export const {
  useResendVerificationMutation,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useGetAccountSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = accountApi;
