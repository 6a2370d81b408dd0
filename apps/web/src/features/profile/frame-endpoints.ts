import type { FrameName, FrameResponse } from '@aleph/contracts';
import { api } from '../../api/api';

/**
 * The avatar frame of the profile screen's Records card (docs/screens.md, Records). It changes
 * with the player's state, so it shares the 'profile' tag.
 */
export const frameApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFrame: build.query<FrameResponse, void>({
      query: () => '/athar/profile/frame',
      providesTags: ['profile', 'user'],
    }),
    setFrame: build.mutation<FrameResponse, FrameName>({
      query: (frame) => ({ url: '/athar/profile/frame', method: 'PUT', body: { frame } }),
      invalidatesTags: ['profile'],
    }),
  }),
});

export const { useGetFrameQuery, useSetFrameMutation } = frameApi;
