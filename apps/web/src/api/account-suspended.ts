/*
 * A suspended or banned account (docs/api.md, "Operators"): the login, and the refresh of a
 * session that the suspension ended, answer 403 ACCOUNT_SUSPENDED with the server's sentence and
 * `until` (null for a ban). The refresh keeps that answer for the login screen that the signed-out
 * page shows next, in every tab of the browser, until the player is signed in again (the
 * signed-in frame removes it). The login page loads this module, so it stays small: the
 * screen's notice reads the answer (a chunk of its own).
 */

/** Where the refused refresh's answer waits for the login screen. */
export const SUSPENSION_KEY = 'aleph.auth.suspension';

/**
 * Keeps a refresh's 403 answer (its text). The notice reads only a suspension's (its code
 * ACCOUNT_SUSPENDED): checking here too would cost the login page bytes it does not have.
 */
export function rememberRefusal(answer: string): void {
  try {
    localStorage.setItem(SUSPENSION_KEY, answer);
  } catch {
    // Storage can be unavailable (private mode): the next login attempt says it again.
  }
}

/** The kept answer's text, if any. */
export function storedSuspension(): string | null {
  try {
    return localStorage.getItem(SUSPENSION_KEY);
  } catch {
    return null;
  }
}
