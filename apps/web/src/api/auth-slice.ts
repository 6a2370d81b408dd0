import type { UnknownAction } from 'redux';
import { sessionLost } from './session-lost';
import { action } from './action';

/**
 * Session state (docs/screens.md, Session). `version` is its version marker: '' without a
 * session, otherwise the time (ISO string) the session was last confirmed. Components that
 * depend on the session key off it, so a fresh marker makes them re-read.
 */
export interface AuthState {
  version: string;
  /** The first-load session check has answered (until then the app shows a loader). */
  checked: boolean;
  /** The player has just logged out: /logout keeps showing its done state while signed out. */
  justLoggedOut: boolean;
}

const initialState: AuthState = { version: '', checked: false, justLoggedOut: false };

const now = () => new Date().toISOString();

export const sessionChecked = action('auth/sessionChecked', (session: boolean) => ({
  session,
  at: now(),
}));
export const signedIn = action('auth/signedIn', () => ({ at: now() }));
/** The logout trigger: resets the marker. */
export const signedOut = action(
  'auth/signedOut',
  (options?: { justLoggedOut?: boolean }) => options,
);
export const logoutAcknowledged = action('auth/logoutAcknowledged');

/**
 * A plain reducer rather than a Redux Toolkit slice: every page loads it, and the login page
 * loads no Redux Toolkit (docs/architecture.md, Web).
 */
export function authReducer(state: AuthState = initialState, a: UnknownAction): AuthState {
  if (sessionChecked.match(a))
    return { ...state, checked: true, version: a.payload.session ? a.payload.at : '' };
  if (signedIn.match(a))
    return { ...state, checked: true, version: a.payload.at, justLoggedOut: false };
  if (signedOut.match(a))
    return {
      ...state,
      checked: true,
      version: '',
      justLoggedOut: a.payload?.justLoggedOut ?? false,
    };
  if (logoutAcknowledged.match(a)) return { ...state, justLoggedOut: false };
  // The API lost the session (its refresh failed): signed out, not by the player's logout.
  if (sessionLost.match(a)) return { ...state, checked: true, version: '', justLoggedOut: false };
  return state;
}

type WithAuth = { auth: AuthState };
export const selectSessionVersion = (state: WithAuth) => state.auth.version;
export const selectIsSignedIn = (state: WithAuth) => state.auth.version !== '';
export const selectSessionChecked = (state: WithAuth) => state.auth.checked;
export const selectJustLoggedOut = (state: WithAuth) => state.auth.justLoggedOut;
