import type {
  MissionBody,
  MissionCheckResponse,
  MissionRequirements,
  MissionStartResponse,
  RunningMission,
} from '@aleph/contracts';
import { api } from './api';

/** docs/screens.md (Dashboard): running missions are polled every 120 s. */
export const RUNNING_POLL_MS = 120_000;

export const missionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMissionRequirements: build.query<MissionRequirements, string>({
      query: (type) => `/misaar/mistypes/${encodeURIComponent(type)}/requirements`,
      keepUnusedDataFor: 3600,
    }),
    /** A read that happens to be a POST: cached per body, refreshed when land or heroes change. */
    checkMission: build.query<MissionCheckResponse, MissionBody>({
      query: (body) => ({ url: '/misaar/mission/check', method: 'POST', body }),
      providesTags: (_result, _error, body) => [{ type: 'land', id: body.landid }, 'hero'],
      keepUnusedDataFor: 5,
    }),
    startMission: build.mutation<MissionStartResponse, MissionBody>({
      query: (body) => ({ url: '/misaar/mission/start', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => [
        'lands',
        { type: 'land', id: body.landid },
        'hero',
        'residents',
        'profile',
      ],
    }),
    getRunningMissions: build.query<RunningMission[], void>({
      query: () => '/misaar/missions/status/running',
      providesTags: ['hero', 'missions'],
    }),
  }),
});

export const {
  useGetMissionRequirementsQuery,
  useCheckMissionQuery,
  useStartMissionMutation,
  useGetRunningMissionsQuery,
} = missionApi;
