import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionChecked } from '../../api/auth-slice';
import { createAppStore } from '../../app/store';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderApp } from '../../test/render';

const PROFILE = {
  vip: { vipPoints: 3, vipLevel: 1 },
  level: { level: 2, profilePoints: 120, upgradable: false },
  treasury: { gold: 5000, platinum: 2 },
};

function signedOutApp(path = '/login') {
  const store = createAppStore();
  store.dispatch(sessionChecked(false));
  renderApp(path, store);
  return store;
}

describe('login screen', () => {
  it('shows the title, the fields and the links of docs/screens.md', async () => {
    signedOutApp();
    expect(await screen.findByRole('heading', { name: 'Lands of Aleph' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/restore-password',
    );
    expect(screen.getByText(/Don't have an account\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    signedOutApp();
    const password = await screen.findByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('disables the inputs while logging in, then shows the game', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { calls } = fakeFetch({
      'POST /abwab/login': () => new Promise((resolve) => (answer = resolve)),
      'GET /athar/profile': () => json(PROFILE),
    });
    const user = userEvent.setup();
    const store = signedOutApp();
    await user.type(await screen.findByLabelText('Username'), 'aleph_player');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');

    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Username').disabled).toBe(true),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Password').disabled).toBe(true);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/abwab/login',
      body: { username: 'aleph_player', password: 'secret-pass' },
    });

    answer(json({ ok: true }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(store.getState().auth.version).not.toBe('');
  });

  it('logs a failed login to the console and shows nothing', async () => {
    fakeFetch({ 'POST /abwab/login': () => json({ message: 'Wrong username or password.' }, 401) });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const store = signedOutApp();
    await user.type(await screen.findByLabelText('Username'), 'someone');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'LOG IN' }));

    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Login failed', expect.anything()),
    );
    expect(screen.queryByText('Wrong username or password.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Username').disabled).toBe(false),
    );
    expect(store.getState().auth.version).toBe('');
  });
});
