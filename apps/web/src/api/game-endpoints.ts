import type { Hero, InventoryItem, Land } from '@aleph/contracts';
import { api } from './api';

/**
 * Lands and heroes, which most screens read. Tags are the cache kinds user, lands, land, hero,
 * profile and residents: a started or settled mission invalidates 'land' (that land), 'lands',
 * 'hero' and 'residents'.
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
  }),
});

export const { useGetLandsQuery, useGetLandBalancesQuery, useGetHeroesQuery } = gameApi;
