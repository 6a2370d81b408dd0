import type { MissionBody, MissionCheckResponse, MissionStartResponse } from '@aleph/contracts';
import { api } from './api';

/** Checking and starting a mission: the mission launcher and the unique events' form do both. */
export const missionApi = api.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useCheckMissionQuery, useStartMissionMutation } = missionApi;
