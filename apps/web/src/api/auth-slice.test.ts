import { describe, expect, it } from 'vitest';
import { sessionLost } from './session-lost';
import {
  authReducer,
  logoutAcknowledged,
  selectIsSignedIn,
  sessionChecked,
  signedIn,
  signedOut,
  type AuthState,
} from './auth-slice';

const start = () => authReducer(undefined, { type: 'init' });
const isIsoTime = (value: string) => !Number.isNaN(Date.parse(value)) && value.includes('T');

describe('auth slice', () => {
  it('has no marker and no answer before the session check', () => {
    expect(start()).toEqual({ version: '', checked: false, justLoggedOut: false });
  });

  it('stores the current time as the marker when a session exists', () => {
    const state = authReducer(start(), sessionChecked(true));
    expect(state.checked).toBe(true);
    expect(isIsoTime(state.version)).toBe(true);
    expect(selectIsSignedIn({ auth: state })).toBe(true);
  });

  it('stays signed out when there is no session', () => {
    const state = authReducer(start(), sessionChecked(false));
    expect(state).toEqual({ version: '', checked: true, justLoggedOut: false });
  });

  it('stores a fresh marker after login and clears it on the logout trigger', () => {
    const before: AuthState = {
      version: '2020-01-01T00:00:00.000Z',
      checked: true,
      justLoggedOut: false,
    };
    const afterLogin = authReducer(before, signedIn());
    expect(afterLogin.version).not.toBe(before.version);
    expect(isIsoTime(afterLogin.version)).toBe(true);

    const afterLogout = authReducer(afterLogin, signedOut({ justLoggedOut: true }));
    expect(afterLogout).toEqual({ version: '', checked: true, justLoggedOut: true });
    expect(authReducer(afterLogout, logoutAcknowledged()).justLoggedOut).toBe(false);
    expect(authReducer(afterLogin, signedOut()).justLoggedOut).toBe(false);
  });

  it('signs out, without the logout screen, when the API loses the session', () => {
    const before = authReducer(start(), signedIn());
    expect(authReducer(before, sessionLost())).toEqual({
      version: '',
      checked: true,
      justLoggedOut: false,
    });
  });
});
