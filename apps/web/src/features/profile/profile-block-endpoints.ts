import type { BlockedPlayer, BlockList } from '@aleph/contracts';
import { api } from '../../api/api';

/**
 * Blocks as the public profile uses them (docs/api.md, "Blocks"): whether the player shown is
 * blocked, block and unblock. Named apart from the account page's own block endpoints, which
 * another feature defines on the same API.
 */
export const profileBlockApi = api
  .enhanceEndpoints({ addTagTypes: ['profileBlocks'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProfileBlocks: build.query<BlockList, void>({
        query: () => '/athar/blocks',
        providesTags: ['profileBlocks'],
      }),
      blockFromProfile: build.mutation<BlockedPlayer, number>({
        query: (profileid) => ({ url: '/athar/blocks', method: 'POST', body: { profileid } }),
        invalidatesTags: ['profileBlocks'],
      }),
      unblockFromProfile: build.mutation<null, number>({
        query: (profileid) => ({ url: `/athar/blocks/${profileid}`, method: 'DELETE' }),
        invalidatesTags: ['profileBlocks'],
      }),
    }),
  });

export const {
  useGetProfileBlocksQuery,
  useBlockFromProfileMutation,
  useUnblockFromProfileMutation,
} = profileBlockApi;
