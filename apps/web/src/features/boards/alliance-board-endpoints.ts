import type { AllianceBoardResponse } from '@aleph/contracts';
import { api } from '../../api/api';

/** The weekly alliance board (docs/screens.md, Dashboard: TOP, Alliances). */
export const allianceBoardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllianceBoard: build.query<AllianceBoardResponse, void>({
      query: () => '/mirza/alliances/last',
      providesTags: ['profile', 'user'],
    }),
  }),
});

export const { useGetAllianceBoardQuery } = allianceBoardApi;
