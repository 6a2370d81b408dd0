import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers';
import { createAppStore, type AppStore } from '../../app/store';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { signedInStore } from '../../test/render';
import { VerifyEmailScreen } from './verify-email-screen';

type Reply = { status?: number; body?: unknown };

const routes = [
  { path: '/verify-email/:token', Component: VerifyEmailScreen },
  { path: '/login', element: <h1>Login page</h1> },
  { path: '/profile', element: <h1>Profile page</h1> },
];

/** The screen as the app renders it: in StrictMode, whose effects run twice in development. */
function open(token: string, store: AppStore = createAppStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [`/verify-email/${token}`] });
  render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

function server(verify: (call: RecordedCall) => Reply) {
  return fakeFetch({ 'POST /abwab/verify-email': verify });
}

const verifyCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/abwab/verify-email');

describe('verify e-mail screen', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it('spends the link once, says the address is verified, and leads to login when signed out', async () => {
    const { calls } = server(() =>
      json({ ok: true, purpose: 'verify', email: 'hero@aleph.example' }),
    );
    const user = userEvent.setup();
    open('token-verify-1');
    const done = await screen.findByText('Your e-mail address is verified.');
    // Announced: the answer replaces the 'Checking the link…' status.
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(verifyCalls(calls)).toEqual([
      { method: 'POST', path: '/abwab/verify-email', body: { token: 'token-verify-1' } },
    ]);
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it('names the new address after a change, and leads to the profile when signed in', async () => {
    const { calls } = server(() =>
      json({ ok: true, purpose: 'change', email: 'next@aleph.example' }),
    );
    open('token-change-1', signedInStore());
    expect(await screen.findByText('Your e-mail address is now next@aleph.example.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(verifyCalls(calls)).toHaveLength(1);
  });

  it('says when the link has expired or was already used', async () => {
    server(() => json({ code: 'EMAIL_TOKEN_INVALID', field: 'token', message: 'Invalid' }, 400));
    open('token-used-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link has expired or was already used.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeTruthy();
  });
});
