import type { Ok, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@aleph/contracts';
import { api } from '../../api/api';

const withCode = (url: string) => (code: string) => ({ url, method: 'POST', body: { code } });

/**
 * Two-factor sign-in's settings (`/athar/account/2fa`, docs/api.md "Two-factor"). Turning it
 * on or off also changes the account's own answer (its `twoFactor`), tagged 'account'.
 */
export const twoFactorApi = api
  .enhanceEndpoints({ addTagTypes: ['twoFactor', 'account'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getTwoFactor: build.query<TwoFactorStatus, void>({
        query: () => '/athar/account/2fa',
        providesTags: ['twoFactor'],
      }),
      /** A new secret to scan each time; nothing is in force until a code confirms it. */
      setupTwoFactor: build.mutation<TwoFactorSetup, void>({
        query: () => ({ url: '/athar/account/2fa/setup', method: 'POST' }),
      }),
      enableTwoFactor: build.mutation<RecoveryCodes, string>({
        query: withCode('/athar/account/2fa/enable'),
        invalidatesTags: (result) => (result ? ['twoFactor', 'account'] : []),
      }),
      disableTwoFactor: build.mutation<Ok, string>({
        query: withCode('/athar/account/2fa/disable'),
        invalidatesTags: (result) => (result ? ['twoFactor', 'account'] : []),
      }),
      renewRecoveryCodes: build.mutation<RecoveryCodes, string>({
        query: withCode('/athar/account/2fa/recovery-codes'),
        invalidatesTags: (result) => (result ? ['twoFactor'] : []),
      }),
    }),
  });

export const {
  useGetTwoFactorQuery,
  useSetupTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRenewRecoveryCodesMutation,
} = twoFactorApi;
