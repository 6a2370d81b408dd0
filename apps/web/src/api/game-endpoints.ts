import type { DashboardStat, Hero, InventoryItem, Land } from '@aleph/contracts';
import { api } from './api';

/** docs/screens.md (Dashboard): the dashboard is polled every 60 s. */
export const DASHBOARD_POLL_MS = 60_000;

/**
 * Lands, heroes and the dashboard. Tags are the cache kinds user, lands, land, hero, profile and
 * residents: a started or settled mission invalidates 'land' (that land), 'lands', 'hero' and
 * 'residents'. 'dashboard' is the stat alone (its announcements, for the push stream).
 */
export const gameApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLands: build.query<Land[], void>({
      query: () => '/ard/lands',
      providesTags: (lands) => [
        'lands',
        ...(lands ?? []).map((land) => ({ type: 'land' as const, id: land.landid })),
      ],
    }),
    getLand: build.query<Land, number>({
      query: (id) => `/ard/lands/${id}`,
      providesTags: (_land, _error, id) => [{ type: 'land', id }],
    }),
    getLandBalances: build.query<InventoryItem[], number>({
      query: (id) => `/ard/lands/${id}/balances`,
      providesTags: (_items, _error, id) => [{ type: 'land', id }],
    }),
    getHeroes: build.query<Hero[], void>({
      query: () => '/abtal/heroes',
      providesTags: (heroes) => [
        'hero',
        'residents',
        ...(heroes ?? []).map((hero) => ({ type: 'hero' as const, id: hero.heroid })),
      ],
    }),
    getDashboardStat: build.query<DashboardStat, void>({
      query: () => '/dashboard/stat',
      providesTags: ['lands', 'hero', 'profile', 'dashboard'],
    }),
  }),
});

export const {
  useGetLandsQuery,
  useGetLandQuery,
  useGetLandBalancesQuery,
  useGetHeroesQuery,
  useGetDashboardStatQuery,
} = gameApi;
