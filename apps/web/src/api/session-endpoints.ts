import type { CheckSessionResponse, Ok } from '@aleph/contracts';
import { api } from './api';

/** Session calls the app layer needs; the auth screens inject their own endpoints. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkSession: build.query<CheckSessionResponse, void>({
      query: () => '/abwab/checksession',
      providesTags: ['user'],
    }),
    /** Also sent automatically by the base query after a 401 (without a body). */
    refreshSession: build.mutation<Ok, void>({
      query: () => ({ url: '/abwab/refresh', method: 'POST' }),
    }),
  }),
});
