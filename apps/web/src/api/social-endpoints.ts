import type {
  BoardName,
  BoardResponse,
  PublicProfile,
  WorkflowBody,
  WorkflowResponse,
} from '@aleph/contracts';
import { api } from './api';

/** docs/screens.md (Profile level dialog): the profile is re-read about 2 s after a level-up starts. */
export const LEVEL_UP_REFRESH_MS = 2_000;

/**
 * Weekly boards, other players' profiles and the profile level-up workflow. The workflow runs
 * on the server apart from the request, so the start only schedules a refresh of the 'profile'
 * tag (summary and feature flags share it); the timer lives outside any component, so closing
 * the dialog does not cancel it.
 */
export const socialApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoard: build.query<BoardResponse, BoardName>({
      query: (board) => `/mirza/boards/${board}/last`,
      providesTags: ['profile', 'user'],
    }),
    getPublicProfile: build.query<PublicProfile, number>({
      query: (id) => `/athar/publicprofiles/${id}`,
      providesTags: ['user'],
    }),
    startProfileLevelUp: build.mutation<WorkflowResponse, void>({
      query: () => ({
        url: '/tartib/workflow/start',
        method: 'POST',
        body: { wftype: 'PROFILELEVELUP' } satisfies WorkflowBody,
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // a refusal changes nothing on the server
        }
        setTimeout(() => dispatch(api.util.invalidateTags(['profile'])), LEVEL_UP_REFRESH_MS);
      },
    }),
  }),
});

export const { useGetBoardQuery, useGetPublicProfileQuery, useStartProfileLevelUpMutation } =
  socialApi;
