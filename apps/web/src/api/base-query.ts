import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { EVENT_SEQ_HEADER } from '@aleph/contracts';
import { eventSeqGeneration, noteEventSeq } from './event-seq';
import { createSessionRefresher, REFRESH_PATH, type ReauthOptions } from './session-refresh';

export { createSessionRefresher, REFRESH_PATH, type ReauthOptions } from './session-refresh';

/** A 401 from these means "bad credentials", never "expired access": no refresh. */
const NO_REFRESH_PATHS = [REFRESH_PATH, '/abwab/login'];

const pathOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/**
 * fetchBaseQuery with cookies, noting each answer's player event number (event-seq.ts), plus
 * the 401 handling of docs/screens.md (Session): refresh once (shared by all concurrent
 * failures and coordinated across tabs), then retry the original request once; if the refresh
 * is refused, the player is logged out.
 */
export function createReauthBaseQuery(
  options: ReauthOptions,
): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const rawBaseQuery = fetchBaseQuery({ baseUrl: options.baseUrl, credentials: 'include' });
  const refresh = createSessionRefresher(options);
  const noted: typeof rawBaseQuery = async (args, api, extraOptions) => {
    const generation = eventSeqGeneration();
    const result = await rawBaseQuery(args, api, extraOptions);
    noteEventSeq(result.meta?.response?.headers.get(EVENT_SEQ_HEADER), generation);
    return result;
  };
  return async (args, api, extraOptions) => {
    const sentAt = Date.now();
    const result = await noted(args, api, extraOptions);
    const path = pathOf(args).split('?')[0] ?? '';
    if (result.error?.status !== 401 || NO_REFRESH_PATHS.includes(path)) return result;

    const outcome = await refresh(sentAt, api.dispatch);
    return outcome === 'refreshed' ? noted(args, api, extraOptions) : result;
  };
}
