import type { ReportBody, ReportCreated } from '@aleph/contracts';
import { api } from '../api/api';
import { keepRetryAfter } from './retry-after';

/** A player's report on another (docs/api.md, "Reports"); the error keeps its Retry-After. */
export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    createReport: build.mutation<ReportCreated, ReportBody>({
      query: (body) => ({ url: '/athar/reports', method: 'POST', body }),
      transformErrorResponse: keepRetryAfter,
    }),
  }),
});

export const { useCreateReportMutation } = reportApi;
