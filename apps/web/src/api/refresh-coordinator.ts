/**
 * One session refresh at a time, in this tab and across tabs.
 *
 * The server rotates the refresh token on every use and treats a reused token as theft (it
 * ends the session), so two refreshes must never send the same token. Within a tab, all
 * requests failing with 401 share one in-flight refresh (a module-level promise). Across tabs,
 * the refresh runs under a Web Lock and its time is written to localStorage: a request that
 * was sent before another tab's refresh simply retries with the cookies that tab obtained.
 */

export const REFRESH_LOCK_NAME = 'aleph-auth-refresh';
export const LAST_REFRESH_KEY = 'aleph.auth.lastRefreshAt';

/** 'unreachable': no answer from the server, so the session may still be fine. */
export type RefreshOutcome = 'refreshed' | 'failed' | 'unreachable';

let inFlight: Promise<RefreshOutcome> | null = null;

export function readLastRefreshAt(): number {
  try {
    return Number(localStorage.getItem(LAST_REFRESH_KEY)) || 0;
  } catch {
    return 0;
  }
}

function recordRefresh(at: number): void {
  try {
    localStorage.setItem(LAST_REFRESH_KEY, String(at));
  } catch {
    // Storage can be unavailable (private mode); cross-tab coordination then rests on the lock.
  }
}

function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}

/**
 * Makes sure the session is fresh for a request sent at `sentAt` (ms since epoch) that was
 * refused with 401. `refresh` performs the actual refresh call.
 */
export function ensureFreshSession(
  sentAt: number,
  refresh: () => Promise<RefreshOutcome>,
): Promise<RefreshOutcome> {
  inFlight ??= exclusive(async (): Promise<RefreshOutcome> => {
    if (readLastRefreshAt() > sentAt) return 'refreshed';
    const outcome = await refresh();
    if (outcome === 'refreshed') recordRefresh(Date.now());
    return outcome;
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
