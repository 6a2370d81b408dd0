import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AppLayout } from './app-layout';

const routes = [
  { path: '/', Component: AppLayout, children: [{ index: true, element: <h1>Home</h1> }] },
];

/** The '+' badge sits on the level pill around the button. */
const badgeAround = (element: HTMLElement) => element.closest<HTMLElement>('.MuiBadge-root')!;

function profile(upgradable: boolean) {
  return {
    vip: { vipPoints: 1250, vipLevel: 2 },
    level: { level: 3, profilePoints: 43700, upgradable },
    treasury: { gold: 1234567, platinum: 12 },
  };
}

describe('signed-in layout', () => {
  it('shows the profile summary in the top bar', async () => {
    const { calls } = fakeFetch({
      'GET /athar/profile': () => json(profile(false)),
      'GET /hatif/messages/countunread': () => json({ unreadMessages: 0 }),
    });
    renderRoutes(routes, '/', signedInStore());
    expect(await screen.findByRole('group', { name: 'VIP level 2, 1250 points' })).toBeTruthy();
    const level = screen.getByRole('button', { name: 'Profile level 3, 43700 XP' });
    expect(within(badgeAround(level)).queryByText('+')).toBeNull();
    expect(screen.getByRole('group', { name: 'Gold' }).textContent).toContain('1,234,567');
    expect(screen.getByRole('group', { name: 'Platinum' }).textContent).toContain('12');
    // /diwan/me: whether the player is staff, whose top bar has an Admin link (a 404 here).
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/athar/profile',
      '/diwan/me',
      '/hatif/messages/countunread',
    ]);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('marks an upgradable profile level with a plus badge', async () => {
    fakeFetch({ 'GET /athar/profile': () => json(profile(true)) });
    renderRoutes(routes, '/', signedInStore());
    const level = await screen.findByRole('button', {
      name: 'Profile level 3, 43700 XP, upgrade available',
    });
    expect(within(badgeAround(level)).getByText('+')).toBeTruthy();
  });

  it('opens the Profile Level Information dialog from the level indicator', async () => {
    fakeFetch({
      'GET /athar/profile': () => json(profile(true)),
      'GET /athar/features': () => json(['profileLevel1', 'profileLevel2', 'profileLevel3']),
    });
    renderRoutes(routes, '/', signedInStore());
    const level = await screen.findByRole('button', { name: /^Profile level 3/ });
    expect(level.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(level);
    const dialog = await screen.findByRole('dialog', { name: 'Profile Level Information' });
    const upgrade = await within(dialog).findByRole('button', { name: 'Upgrade' });
    expect(upgrade).toHaveProperty('disabled', false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links the logo and the icon buttons to their screens', async () => {
    fakeFetch({ 'GET /athar/profile': () => json(profile(false)) });
    renderRoutes(routes, '/', signedInStore());
    const hrefs = {
      'Lands of Aleph': '/',
      Lands: '/lands',
      Map: '/map',
      Heroes: '/heroes',
      Marketplace: '/marketplace',
      Inbox: '/messages',
      'Unique missions': '/unique',
      Alliance: '/alliances',
      Profile: '/profile',
      Logout: '/logout',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect((await screen.findByRole('link', { name })).getAttribute('href')).toBe(href);
    }
  });

  it('has a footer with the rights line and external community links', async () => {
    fakeFetch({ 'GET /athar/profile': () => json(profile(false)) });
    renderRoutes(routes, '/', signedInStore());
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain('All rights reserved. 2025');
    for (const name of ['X', 'Telegram', 'Discord', 'Documentation']) {
      const link = within(footer).getByRole('link', { name });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});
