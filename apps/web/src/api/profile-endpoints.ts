import type { Features, ProfileSummary } from '@aleph/contracts';
import { api } from './api';
import { usePollingWhileStreamDown } from './push-slice';

/** docs/screens.md (Dashboard): the profile summary is polled every 30 s and refetched if older. */
export const PROFILE_POLL_MS = 30_000;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfileSummary: build.query<ProfileSummary, void>({
      query: () => '/athar/profile',
      providesTags: ['profile', 'user'],
    }),
    /**
     * Feature flags share the 'profile' tag, so they refetch whenever the profile does;
     * 'features' alone when the push stream reports a new level.
     */
    getFeatures: build.query<Features, void>({
      query: () => '/athar/features',
      providesTags: ['profile', 'user', 'features'],
    }),
  }),
});

export const { useGetProfileSummaryQuery, useGetFeaturesQuery } = profileApi;

/**
 * The top bar's subscription: polled while the push stream is down, and refetched on mount when
 * older than 30 s.
 */
export function useProfileSummary() {
  return useGetProfileSummaryQuery(undefined, {
    pollingInterval: usePollingWhileStreamDown(PROFILE_POLL_MS),
    refetchOnMountOrArgChange: PROFILE_POLL_MS / 1000,
  });
}
