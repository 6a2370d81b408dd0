import type { PublicProfile } from '@aleph/contracts';
import { api } from './api';

/**
 * Other players' profiles: the profile feature's 'Profile Information' dialog and the map's
 * owner dialog read them.
 */
export const socialApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicProfile: build.query<PublicProfile, number>({
      query: (id) => `/athar/publicprofiles/${id}`,
      providesTags: ['user'],
    }),
  }),
});

export const { useGetPublicProfileQuery } = socialApi;
