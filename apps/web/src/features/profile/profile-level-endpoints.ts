import type { WorkflowBody, WorkflowResponse } from '@aleph/contracts';
import { api } from '../../api/api';

/** docs/screens.md (Profile level dialog): the profile is re-read about 2 s after a level-up starts. */
export const LEVEL_UP_REFRESH_MS = 2_000;

/**
 * The profile level-up workflow. It runs on the server apart from the request, so the start
 * only schedules a refresh of the 'profile' tag (summary and feature flags share it); the timer
 * lives outside any component, so closing the dialog does not cancel it.
 */
export const profileLevelApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useStartProfileLevelUpMutation } = profileLevelApi;
