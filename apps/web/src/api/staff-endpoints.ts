import type { StaffMe } from '@aleph/contracts';
import { api } from './api';

/**
 * Who the signed-in player is to the operators' console (docs/api.md, "Operators"): the top
 * bar shows its link and the console shows itself only when this answers. A player gets 404,
 * like for every console route, so nothing of the console is advertised to them.
 */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaffMe: build.query<StaffMe, void>({
      query: () => '/diwan/me',
      providesTags: ['user'],
      // A role changes rarely: the answer is kept for the session (a sign-out resets the cache).
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetStaffMeQuery } = staffApi;
