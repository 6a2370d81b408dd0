import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { ensureFreshSession, type RefreshOutcome } from './refresh-coordinator';

export const REFRESH_PATH = '/abwab/refresh';
/** A 401 from these means "bad credentials", never "expired access": no refresh. */
const NO_REFRESH_PATHS = [REFRESH_PATH, '/abwab/login'];

export interface ReauthOptions {
  baseUrl: string;
  /** The refresh failed: log the player out. */
  onSessionLost: (dispatch: BaseQueryApi['dispatch']) => void;
}

const pathOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

async function postRefresh(baseUrl: string): Promise<RefreshOutcome> {
  try {
    const response = await fetch(`${baseUrl}${REFRESH_PATH}`, {
      method: 'POST',
      credentials: 'include',
    });
    if (response.ok) return 'refreshed';
    return response.status >= 500 ? 'unreachable' : 'failed';
  } catch (error) {
    console.error('Session refresh did not reach the server', error);
    return 'unreachable';
  }
}

/**
 * The session refresh of docs/screens.md (Session) on its own: shared with concurrent 401s and
 * coordinated across tabs; a refused refresh logs the player out. The push stream runs it when
 * the browser closes the stream (docs/architecture.md, Web). `sentAt`: when the failed request
 * or stream was sent.
 */
export function createSessionRefresher({ baseUrl, onSessionLost }: ReauthOptions) {
  return async (sentAt: number, dispatch: BaseQueryApi['dispatch']): Promise<RefreshOutcome> => {
    const outcome = await ensureFreshSession(sentAt, () => postRefresh(baseUrl));
    if (outcome === 'failed') onSessionLost(dispatch);
    return outcome;
  };
}

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
