import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { createSessionRefresher, REFRESH_PATH, type ReauthOptions } from './session-refresh';

export { createSessionRefresher, REFRESH_PATH, type ReauthOptions } from './session-refresh';

/** A 401 from these means "bad credentials", never "expired access": no refresh. */
const NO_REFRESH_PATHS = [REFRESH_PATH, '/abwab/login'];

const pathOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/**
 * fetchBaseQuery with cookies, plus the 401 handling of docs/screens.md (Session): refresh once (shared by all
 * concurrent failures and coordinated across tabs), then retry the original request once;
 * if the refresh is refused, the player is logged out.
 */
export function createReauthBaseQuery(
  options: ReauthOptions,
): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const rawBaseQuery = fetchBaseQuery({ baseUrl: options.baseUrl, credentials: 'include' });
  const refresh = createSessionRefresher(options);
  return async (args, api, extraOptions) => {
    const sentAt = Date.now();
    const result = await rawBaseQuery(args, api, extraOptions);
    const path = pathOf(args).split('?')[0] ?? '';
    if (result.error?.status !== 401 || NO_REFRESH_PATHS.includes(path)) return result;

    const outcome = await refresh(sentAt, api.dispatch);
    return outcome === 'refreshed' ? rawBaseQuery(args, api, extraOptions) : result;
  };
}
