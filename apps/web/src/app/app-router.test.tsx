import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, json } from '../test/fake-fetch';
import { renderApp, signedInStore } from '../test/render';
import { sessionChecked } from '../api/auth-slice';
import { createAppStore } from './store';

const PROFILE = {
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 1, profilePoints: 0, upgradable: false },
  treasury: { gold: 0, platinum: 0 },
};

describe('app router', () => {
  it('shows a loader, not the login page, while the session check runs', () => {
    renderApp('/login');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
  });

  it('shows the signed-out table once the check says there is no session', async () => {
    const store = createAppStore();
    store.dispatch(sessionChecked(false));
    renderApp('/lands', store);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('logs the player out when a 401 cannot be cured by a refresh', async () => {
    const { calls } = fakeFetch({
      'GET /athar/profile': () => json({ message: 'Please sign in.' }, 401),
      'POST /abwab/refresh': () => json({ message: 'Session ended.' }, 401),
    });
    const store = signedInStore();
    renderApp('/lands', store);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(store.getState().auth.version).toBe('');
    expect(calls.filter((call) => call.path === '/abwab/refresh')).toHaveLength(1);
    expect(store.getState().api.queries).toEqual({});
  });

  it('retries after a successful refresh and stays signed in', async () => {
    let refreshed = false;
    fakeFetch({
      'GET /athar/profile': () => (refreshed ? json(PROFILE) : json({ message: 'Sign in' }, 401)),
      'POST /abwab/refresh': () => {
        refreshed = true;
        return json({ ok: true });
      },
    });
    const store = signedInStore();
    renderApp('/lands', store);
    expect(await screen.findByRole('group', { name: 'VIP level 0, 0 points' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Lands' })).toBeTruthy();
    expect(store.getState().auth.version).not.toBe('');
  });
});
