import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { LoginScreen } from './login-screen';
import { NewPasswordScreen } from './new-password-screen';

const routes = [
  { path: '/restore-password/:token', Component: NewPasswordScreen },
  { path: '/restore-password', element: <h1>Restore page</h1> },
  { path: '/login', Component: LoginScreen },
];
const TOKEN = 'reset-token-1';

type Reply = { status?: number; body?: unknown };

function server(confirm: (call: RecordedCall) => Reply = () => json({ ok: true })) {
  return fakeFetch({ 'POST /abwab/restore/confirm': confirm });
}

const setButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'SET PASSWORD' });

async function fill(password: string, repeat = password) {
  const user = userEvent.setup();
  renderRoutes(routes, `/restore-password/${TOKEN}`);
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat password'), repeat);
  return user;
}

describe('new password screen', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it('has labelled New password and Repeat password fields', async () => {
    server();
    renderRoutes(routes, `/restore-password/${TOKEN}`);
    const field = await screen.findByLabelText<HTMLInputElement>('New password');
    expect(field.type).toBe('password');
    expect(field.autocomplete).toBe('new-password');
    expect(screen.getByLabelText<HTMLInputElement>('Repeat password').type).toBe('password');
    expect(setButton().disabled).toBe(true);
  });

  it("keeps the register screen's rules: length and a matching repeat", async () => {
    const { calls } = server();
    await fill('short', 'shorter');
    expect(screen.getByText('Use 8 to 128 characters.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(setButton().disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('sets the password with the link token, then the login screen says it was changed', async () => {
    const { calls } = server();
    const user = await fill('correct-horse');
    expect(setButton().disabled).toBe(false);
    await user.click(setButton());

    expect(
      await screen.findByText('Your password was changed. Log in with the new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'LOG IN' })).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/abwab/restore/confirm',
        body: { token: TOKEN, password: 'correct-horse' },
      },
    ]);
  });

  it('says when the link has expired or was used, with a way to ask for a new one', async () => {
    server(() => json({ code: 'RESET_TOKEN_INVALID', message: 'Reset link invalid' }, 400));
    const user = await fill('correct-horse');
    await user.click(setButton());

    expect(await screen.findByText('This link has expired or was already used.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Ask for a new link' });
    expect(link.getAttribute('href')).toBe('/restore-password');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Restore page' })).toBeTruthy();
  });

  it("shows the server's reason when it refuses the password", async () => {
    server(() => json({ code: 'PASSWORD_INVALID', message: 'Password too common' }, 400));
    const user = await fill('password123');
    await user.click(setButton());
    expect(await screen.findByText('Password too common')).toBeTruthy();
    await waitFor(() => expect(setButton().disabled).toBe(false));
  });
});
