import type { DashboardStat, RunningMission } from '@aleph/contracts';
import { api } from '../../api/api';

/** docs/screens.md (Dashboard): the dashboard is polled every 60 s. */
export const DASHBOARD_POLL_MS = 60_000;
/** docs/screens.md (Dashboard): running missions are polled every 120 s. */
export const RUNNING_POLL_MS = 120_000;

/**
 * The dashboard's stat and running missions. 'dashboard' is the stat alone (its announcements,
 * for the push stream).
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStat: build.query<DashboardStat, void>({
      query: () => '/dashboard/stat',
      providesTags: ['lands', 'hero', 'profile', 'dashboard'],
    }),
    getRunningMissions: build.query<RunningMission[], void>({
      query: () => '/misaar/missions/status/running',
      providesTags: ['hero', 'missions'],
    }),
  }),
});

export const { useGetDashboardStatQuery, useGetRunningMissionsQuery } = dashboardApi;
