import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { rememberRefusal } from './account-suspended';
import { ensureFreshSession, type RefreshOutcome } from './refresh-coordinator';

// The session refresh without RTK Query: the first-load session check runs it before RTK Query
// has loaded (docs/architecture.md, Web); the base query and the push stream run it after.

export const REFRESH_PATH = '/abwab/refresh';

export interface ReauthOptions {
  baseUrl: string;
  /** The refresh failed: log the player out. */
  onSessionLost: (dispatch: BaseQueryApi['dispatch']) => void;
}

/**
 * POST /abwab/refresh: the server rotates the refresh cookie and sets a fresh access cookie. A
 * session that a suspension ended is refused with 403 ACCOUNT_SUSPENDED: kept for the login
 * screen that the signed-out page shows next (docs/screens.md, Login).
 */
export async function postRefresh(baseUrl: string): Promise<RefreshOutcome> {
  try {
    const response = await fetch(`${baseUrl}${REFRESH_PATH}`, {
      method: 'POST',
      credentials: 'include',
    });
    if (response.ok) return 'refreshed';
    if (response.status === 403) rememberRefusal(await response.text());
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
