import type { MissionRequirements } from '@aleph/contracts';
import { api } from '../../api/api';

/** What a mission type asks for, for the launcher: fixed, so kept for an hour. */
export const requirementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMissionRequirements: build.query<MissionRequirements, string>({
      query: (type) => `/misaar/mistypes/${encodeURIComponent(type)}/requirements`,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetMissionRequirementsQuery } = requirementsApi;
