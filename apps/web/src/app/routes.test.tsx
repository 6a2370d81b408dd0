import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json } from '../test/fake-fetch';
import { renderRoutes, renderWithStore, signedInStore } from '../test/render';
import { RouteErrorBoundary } from './route-error';
import { signedInRoutes, signedOutRoutes } from './routes';

const PROFILE = {
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 1, profilePoints: 0, upgradable: false },
  treasury: { gold: 0, platinum: 0 },
};

/**
 * The first test of a fresh worker would otherwise pay for transforming the layout shell and the
 * first screen's module tree (several seconds when the machine is busy) inside its wait for a
 * heading, which is meant for rendering: that wait once ran out under load. Warm them first.
 */
beforeAll(async () => {
  await Promise.all([
    import('../features/auth/login-screen'),
    import('./signed-in-shell'),
    import('./dashboard-screen'),
  ]);
}, 120_000);

describe('signed-out route table', () => {
  it.each([
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/restore-password', 'Restore password'],
    ['/restore-password/a-reset-token', 'Set a new password'],
  ])('shows %s', async (path, heading) => {
    const { router } = renderRoutes(signedOutRoutes, path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/', '/lands', '/marketplace', '/nowhere', '/logout'])(
    'redirects %s to /login',
    async (path) => {
      const { router } = renderRoutes(signedOutRoutes, path);
      expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
    },
  );
});

describe('signed-in route table', () => {
  it.each([
    ['/', 'Dashboard'],
    ['/lands', 'Lands'],
    ['/lands/17', 'Land #17'],
    ['/map', 'World map'],
    ['/world', 'World statistics'],
    ['/heroes', 'Heroes'],
    ['/heroes/5', 'Hero #5'],
    ['/marketplace', 'Marketplace'],
    ['/marketplace/trader', 'Greedy trader'],
    ['/marketplace/secret', 'Secret market'],
    ['/events/luckycoin', 'Lucky coin event'],
    ['/bazaar', 'Bazaar'],
    ['/bazaar/mine', 'My Bazaar'],
    ['/messages', 'Inbox'],
    ['/profile', 'Profile'],
    ['/profile/account', 'Account'],
    ['/unique', 'Unique missions'],
    ['/logout', 'Confirm Logout'],
  ])('shows %s inside the layout', async (path, heading) => {
    fakeFetch({ 'GET /athar/profile': () => json(PROFILE) });
    const { router } = renderRoutes(signedInRoutes, path, signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('All rights reserved. 2025');
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([true, false])(
    'shows the e-mail link page (signed in: %s) and spends its token',
    async (signedIn) => {
      const { calls } = fakeFetch({
        'POST /abwab/verify-email': () =>
          json({ ok: true, purpose: 'verify', email: 'hero@aleph.example' }),
      });
      const token = `a-link-token-${signedIn}`;
      const { router } = signedIn
        ? renderRoutes(signedInRoutes, `/verify-email/${token}`, signedInStore())
        : renderRoutes(signedOutRoutes, `/verify-email/${token}`);
      expect(await screen.findByText('Your e-mail address is verified.')).toBeTruthy();
      expect(router.state.location.pathname).toBe(`/verify-email/${token}`);
      expect(calls.filter((c) => c.path === '/abwab/verify-email')).toHaveLength(1);
      const onward = signedIn ? 'Go to your profile' : 'Go to login';
      expect(screen.getByRole('link', { name: onward })).toBeTruthy();
    },
  );

  it.each(['/login', '/register', '/nowhere', '/lands/1/extra'])(
    'redirects %s to /',
    async (path) => {
      fakeFetch({ 'GET /athar/profile': () => json(PROFILE) });
      const { router } = renderRoutes(signedInRoutes, path, signedInStore());
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );
});

describe('the operators console route', () => {
  it.each(['/admin', '/admin/reports', '/admin/players/42'])(
    'sends a player (404 from /diwan/me) from %s to /, with no Admin link',
    async (path) => {
      fakeFetch({ 'GET /athar/profile': () => json(PROFILE) });
      const { router } = renderRoutes(signedInRoutes, path, signedInStore());
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    },
  );

  it('shows staff the console inside the layout, with the Admin link', async () => {
    fakeFetch({
      'GET /athar/profile': () => json(PROFILE),
      'GET /diwan/me': () => json({ id: 1, login: 'operator', role: 'admin' }),
      'GET /diwan/reports': () => json({ groups: [] }),
    });
    const { router } = renderRoutes(signedInRoutes, '/admin/reports', signedInStore());
    expect(
      await screen.findByRole('heading', { level: 1, name: "Operators' console" }),
    ).toBeTruthy();
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Admin' });
    expect(link.getAttribute('href')).toBe('/admin');
    expect(router.state.location.pathname).toBe('/admin/reports');
  });
});

describe('router error page', () => {
  it('shows the generic heading when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('Boom');
    };
    renderWithStore(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText('Boom')).toBeTruthy();
  });
});
