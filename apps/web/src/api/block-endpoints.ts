import type { BlockedPlayer, BlockList } from '@aleph/contracts';
import { api } from './api';

/**
 * Blocks (docs/api.md, "Player messages"): the inbox blocks a message's sender and the account
 * page lists and lifts blocks, so the endpoints live here rather than in either feature.
 */
export const blockApi = api.enhanceEndpoints({ addTagTypes: ['blocks'] }).injectEndpoints({
  endpoints: (build) => ({
    getBlocks: build.query<BlockList, void>({
      query: () => '/athar/blocks',
      providesTags: ['blocks'],
    }),
    blockPlayer: build.mutation<BlockedPlayer, number>({
      query: (profileid) => ({ url: '/athar/blocks', method: 'POST', body: { profileid } }),
      invalidatesTags: ['blocks'],
    }),
    unblockPlayer: build.mutation<null, number>({
      query: (profileid) => ({ url: `/athar/blocks/${profileid}`, method: 'DELETE' }),
      invalidatesTags: ['blocks'],
    }),
  }),
});

export const { useGetBlocksQuery, useBlockPlayerMutation, useUnblockPlayerMutation } = blockApi;
