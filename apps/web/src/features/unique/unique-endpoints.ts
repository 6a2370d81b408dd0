import type { UniqueEventList } from '@aleph/contracts';
import { api } from '../../api/api';

/**
 * `GET /misaar/unique` (docs/api.md, "Unique missions"). Tagged like the heroes: starting a
 * mission (and a hero's push event) refetches it, so the places left follow a send at once.
 */
export const uniqueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUniqueEvents: build.query<UniqueEventList, void>({
      query: () => '/misaar/unique',
      providesTags: ['hero', 'missions'],
    }),
  }),
});

export const { useGetUniqueEventsQuery } = uniqueApi;
