import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderApp, signedInStore } from '../../test/render';

const PROFILE = {
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 1, profilePoints: 0, upgradable: false },
  treasury: { gold: 0, platinum: 0 },
};

describe('logout', () => {
  it('confirms, logs out, keeps the done state on screen, then returns to login', async () => {
    const { calls } = fakeFetch({
      'GET /athar/profile': () => json(PROFILE),
      'POST /abwab/logout': () => json({ ok: true }),
    });
    const user = userEvent.setup();
    const store = signedInStore();
    renderApp('/logout', store);

    expect(await screen.findByRole('heading', { name: 'Confirm Logout' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Logged Out' })).toBeTruthy();
    expect(
      screen.getByText('You have successfully logged out. We hope to see you again soon!'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/abwab/logout')).toBe(
      true,
    );
    expect(store.getState().auth).toMatchObject({ version: '', justLoggedOut: true });
    expect(store.getState().api.queries).toEqual({});

    const back = screen.getByRole('link', { name: 'Return to login' });
    expect(back.getAttribute('href')).toBe('/login');
    await user.click(back);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(store.getState().auth.justLoggedOut).toBe(false);
  });

  it.each([
    [
      json({ statusCode: 500, message: 'The server is busy.' }, 500),
      'Logout error: The server is busy.',
    ],
    [{ status: 500 }, 'Logout error: Unknown error'],
  ])('shows the logout error', async (reply, text) => {
    fakeFetch({ 'GET /athar/profile': () => json(PROFILE), 'POST /abwab/logout': () => reply });
    const user = userEvent.setup();
    const store = signedInStore();
    renderApp('/logout', store);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Confirm Logout' })).toBeTruthy();
    expect(store.getState().auth.version).not.toBe('');
  });
});
