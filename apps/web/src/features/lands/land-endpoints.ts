import type { Land } from '@aleph/contracts';
import { api } from '../../api/api';

/** One land, for its screen; the 'land' tag of that land (src/api/game-endpoints.ts). */
export const landApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLand: build.query<Land, number>({
      query: (id) => `/ard/lands/${id}`,
      providesTags: (_land, _error, id) => [{ type: 'land', id }],
    }),
  }),
});

export const { useGetLandQuery } = landApi;
