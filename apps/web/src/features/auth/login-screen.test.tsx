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

  describe('with two-factor on', () => {
    /** The password step answers { twoFactor: true }; the code step as `code` says. */
    async function toCodeStep(code: (body: unknown) => { status: number; body: unknown }) {
      const { calls } = fakeFetch({
        'POST /abwab/login': () => json({ twoFactor: true }),
        'POST /abwab/login/2fa': ({ body }) => code(body),
        'GET /athar/profile': () => json(PROFILE),
      });
      const user = userEvent.setup();
      const store = signedOutApp();
      await user.type(await screen.findByLabelText('Username'), 'guarded');
      await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
      await screen.findByLabelText('Authentication code');
      return { calls, user, store };
    }

    it('asks for the code only after the password, and the code opens the game', async () => {
      const { calls, user, store } = await toCodeStep(() => json({ ok: true }));
      expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(store.getState().auth.version).toBe('');
      await user.type(screen.getByLabelText('Authentication code'), '123 456');
      await user.click(screen.getByRole('button', { name: 'VERIFY' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(calls.find((c) => c.path === '/abwab/login/2fa')?.body).toEqual({ code: '123 456' });
      expect(store.getState().auth.version).not.toBe('');
    });

    it('says a wrong code in words and lets the player try again', async () => {
      const message = 'That code is not right. Enter the 6-digit code your app shows now.';
      let tries = 0;
      const { user, store } = await toCodeStep(() =>
        (tries += 1) === 1
          ? json({ statusCode: 400, code: 'TWO_FACTOR_CODE_INVALID', field: 'code', message }, 400)
          : json({ ok: true }),
      );
      const field = screen.getByLabelText('Authentication code');
      await user.type(field, '000000{Enter}');
      expect(await screen.findByText(message)).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(store.getState().auth.version).toBe('');
      await user.clear(field);
      await user.type(field, 'abcd-efgh{Enter}');
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    });

    it('goes back to the password step with a message when the challenge is over', async () => {
      const { user } = await toCodeStep(() =>
        json(
          { statusCode: 401, code: 'TWO_FACTOR_CHALLENGE_INVALID', message: 'Log in again' },
          401,
        ),
      );
      await user.type(screen.getByLabelText('Authentication code'), '123456{Enter}');
      expect(
        await screen.findByText(
          'Your sign-in took too long or had too many wrong codes. Please log in again.',
        ),
      ).toBeTruthy();
      expect(screen.queryByLabelText('Authentication code')).toBeNull();
      expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('guarded');
      expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
      expect(screen.getByRole('button', { name: 'LOG IN' })).toBeTruthy();
    });

    it('"Back to login" returns to the password step', async () => {
      const { user, calls } = await toCodeStep(() => json({ ok: true }));
      await user.click(screen.getByRole('button', { name: 'Back to login' }));
      expect(await screen.findByLabelText('Password')).toBeTruthy();
      expect(calls.some((c) => c.path === '/abwab/login/2fa')).toBe(false);
    });
  });
});
