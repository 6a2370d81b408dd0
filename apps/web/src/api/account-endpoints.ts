import type { AccountResponse } from '@aleph/contracts';
import { api } from './api';

/**
 * The account's address and state (`GET /athar/account`): the profile shows whether the
 * address is verified, the account settings show all of it. Tagged 'account', which the
 * settings' changes (and two-factor's) invalidate.
 */
export const accountStateApi = api.enhanceEndpoints({ addTagTypes: ['account'] }).injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AccountResponse, void>({
      query: () => '/athar/account',
      providesTags: ['account', 'user'],
    }),
  }),
});

export const { useGetAccountQuery } = accountStateApi;
