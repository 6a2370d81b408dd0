import type { Ok, RestoreWalletBody, VerifyEmailBody, VerifyEmailResponse } from '@aleph/contracts';
import { api } from '../../api/api';

/** The signed-out requests of the account work: following an e-mail link, restoring by wallet. */
export const emailLinkApi = api.enhanceEndpoints({ addTagTypes: ['account'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * Spends the link's single-use token (the screen sends it once, see verify-email-screen).
     * A signed-in player's account then reads again ('account').
     */
    verifyEmail: build.mutation<VerifyEmailResponse, VerifyEmailBody>({
      query: (body) => ({ url: '/abwab/verify-email', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['account'] : []),
    }),
    restoreWithWallet: build.mutation<Ok, RestoreWalletBody>({
      query: (body) => ({ url: '/abwab/restore/wallet', method: 'POST', body }),
    }),
  }),
});

export const { useVerifyEmailMutation, useRestoreWithWalletMutation } = emailLinkApi;
