import type {
  AchievementList,
  MissionLogPage,
  MissionLogQuery,
  RatingPage,
} from '@aleph/contracts';
import { api } from '../../api/api';

/** The query string of a log page or of its CSV export: only the fields that are set. */
export function logSearch(query: MissionLogQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Records (docs/screens.md): achievements, the Mission Log and the rating. Achievements change
 * with the player's state, so they share the 'profile' tag (as does the avatar frame, the
 * profile screen's: src/features/profile/frame-endpoints.ts).
 */
export const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAchievements: build.query<AchievementList, void>({
      query: () => '/athar/achievements',
      providesTags: ['profile', 'user'],
    }),
    getMissionLog: build.query<MissionLogPage, MissionLogQuery>({
      query: (q) => `/misaar/missions/log${logSearch(q)}`,
      providesTags: ['user'],
    }),
    getRating: build.query<RatingPage, string | undefined>({
      query: (cursor) => `/athar/rating${cursor ? `?cursor=${cursor}` : ''}`,
      providesTags: ['user'],
    }),
  }),
});

export const { useGetAchievementsQuery, useGetMissionLogQuery, useGetRatingQuery } = recordsApi;
