import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionLost } from '../api/session-lost';

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

const stamped = <T>(payload: T) => ({ payload: { ...payload, at: new Date().toISOString() } });

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionChecked: {
      reducer(state, action: PayloadAction<{ session: boolean; at: string }>) {
        state.checked = true;
        state.version = action.payload.session ? action.payload.at : '';
      },
      prepare: (session: boolean) => stamped({ session }),
    },
    signedIn: {
      reducer(state, action: PayloadAction<{ at: string }>) {
        state.checked = true;
        state.version = action.payload.at;
        state.justLoggedOut = false;
      },
      prepare: () => stamped({}),
    },
    /** The logout trigger: resets the marker. */
    signedOut(state, action: PayloadAction<{ justLoggedOut?: boolean } | undefined>) {
      state.checked = true;
      state.version = '';
      state.justLoggedOut = action.payload?.justLoggedOut ?? false;
    },
    logoutAcknowledged(state) {
      state.justLoggedOut = false;
    },
  },
  extraReducers: (builder) => {
    // The API lost the session (its refresh failed): signed out, not by the player's logout.
    builder.addCase(sessionLost, (state) => {
      state.checked = true;
      state.version = '';
      state.justLoggedOut = false;
    });
  },
});

export const { sessionChecked, signedIn, signedOut, logoutAcknowledged } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectSessionVersion = (state: WithAuth) => state.auth.version;
export const selectIsSignedIn = (state: WithAuth) => state.auth.version !== '';
export const selectSessionChecked = (state: WithAuth) => state.auth.checked;
export const selectJustLoggedOut = (state: WithAuth) => state.auth.justLoggedOut;
