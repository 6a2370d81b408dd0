import type {
  AllianceCreateBody,
  AllianceDetails,
  AllianceDone,
  AllianceRef,
  AllianceSearchPage,
} from '@aleph/contracts';
import { api } from '../../api/api';

/** A membership call: `path` after `/athar/alliances/{id}` (e.g. `/join`, `/members/7/kick`). */
export interface AllianceActionArgs {
  allianceId: number;
  path: string;
  body?: object;
}

/**
 * Alliances (docs/api.md, "Alliances"): search, the alliance page and membership. Every change
 * refetches the pages (the tag), as does `alliance.changed` pushed by the server.
 */
export const allianceApi = api.enhanceEndpoints({ addTagTypes: ['alliance'] }).injectEndpoints({
  endpoints: (build) => ({
    searchAlliances: build.query<AllianceSearchPage, { q: string; cursor?: string }>({
      query: ({ q, cursor }) => ({
        url: '/athar/alliances',
        params: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) },
      }),
      providesTags: ['alliance'],
    }),
    getAlliance: build.query<AllianceDetails, number>({
      query: (id) => `/athar/alliances/${id}`,
      providesTags: ['alliance'],
    }),
    createAlliance: build.mutation<AllianceRef, AllianceCreateBody>({
      query: (body) => ({ url: '/athar/alliances', method: 'POST', body }),
      invalidatesTags: ['alliance'],
    }),
    allianceAction: build.mutation<AllianceDone, AllianceActionArgs>({
      query: ({ allianceId, path, body }) => ({
        url: `/athar/alliances/${allianceId}${path}`,
        method: 'POST',
        ...(body ? { body } : {}),
      }),
      invalidatesTags: ['alliance'],
    }),
  }),
});

export const {
  useSearchAlliancesQuery,
  useGetAllianceQuery,
  useCreateAllianceMutation,
  useAllianceActionMutation,
} = allianceApi;
