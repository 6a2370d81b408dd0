import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { ProfilePage } from './profile-page';

const SUMMARY = {
  vip: { vipPoints: 1250, vipLevel: 2 },
  level: { level: 1, profilePoints: 25000, upgradable: false },
  treasury: { gold: 1234567, platinum: 12 },
};

function renderProfile(routes: Record<string, () => { status: number; body: unknown }> = {}) {
  const server = fakeFetch({
    'GET /athar/profile': () => json(SUMMARY),
    'GET /athar/features': () => json(['profileLevel1']),
    'GET /ard/lands': () => json([{ landid: 1 }, { landid: 2 }]),
    'GET /abtal/heroes': () => json([{ heroid: 1 }, { heroid: 2 }, { heroid: 3 }]),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/profile', Component: ProfilePage },
      { path: '/lands', element: <h1>Lands screen</h1> },
    ],
    '/profile',
    signedInStore(),
  );
  return { ...server, ...view };
}

const details = (region: HTMLElement) =>
  [...region.querySelectorAll('dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);

describe('profile screen', () => {
  it('shows level, XP, XP to the next level, VIP, treasury, lands and heroes', async () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    const yours = await screen.findByRole('region', { name: 'Your profile' });
    expect(details(yours)).toEqual([
      ['Level', '1'],
      ['XP', '25,000'],
      ['Next level', '29,118 XP'],
      ['XP to the next level', '4,118'],
    ]);
    expect(
      within(yours)
        .getByRole('progressbar', { name: 'Progress to level 2' })
        .getAttribute('aria-valuetext'),
    ).toBe('25,000 of 29,118 XP');
    expect(within(yours).getByRole('link', { name: 'Friends' }).getAttribute('href')).toBe(
      '/friends',
    );
    expect(details(screen.getByRole('region', { name: 'VIP' }))).toEqual([
      ['VIP level', '2'],
      ['VIP points', '1,250'],
    ]);
    expect(details(screen.getByRole('region', { name: 'Treasury' }))).toEqual([
      ['Gold', '1,234,567'],
      ['Platinum', '12'],
    ]);
    const holdings = screen.getByRole('region', { name: 'Lands and heroes' });
    expect(await within(holdings).findByRole('link', { name: '2' })).toBeTruthy();
    expect(details(holdings)).toEqual([
      ['Lands', '2'],
      ['Heroes', '3'],
    ]);
    expect(within(holdings).getByRole('link', { name: '3' }).getAttribute('href')).toBe('/heroes');
  });

  it('opens the Profile Level Information dialog', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Profile Level Information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile Level Information' });
    expect(await within(dialog).findByRole('button', { name: 'Upgrade' })).toBeTruthy();
  });

  it('says when the top level is reached', async () => {
    renderProfile({
      'GET /athar/profile': () =>
        json({ ...SUMMARY, level: { level: 10, profilePoints: 800000, upgradable: false } }),
    });
    const yours = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(yours).getByText('Top level reached')).toBeTruthy();
    expect(within(yours).queryByRole('progressbar')).toBeNull();
  });

  it.each([
    [false, 'Not verified'],
    [true, 'Verified'],
  ])(
    'shows the e-mail address, verified %s, and links to the account settings',
    async (verified, text) => {
      renderProfile({
        'GET /athar/account': () =>
          json({
            login: 'hero',
            email: 'hero@aleph.example',
            emailVerified: verified,
            pendingEmail: null,
            twoFactor: false,
            mailEnabled: true,
          }),
      });
      const settings = await screen.findByRole('region', { name: 'Settings' });
      expect(await within(settings).findByText('hero@aleph.example')).toBeTruthy();
      expect(within(settings).getByText(text, { exact: true })).toBeTruthy();
      const link = within(settings).getByRole('link', { name: 'Account settings' });
      expect(link.getAttribute('href')).toBe('/profile/account');
    },
  );

  it('says Failed to load profile information when the summary fails', async () => {
    renderProfile({ 'GET /athar/profile': () => json({ message: 'Boom' }, 500) });
    expect(await screen.findByText('Failed to load profile information')).toBeTruthy();
  });
});
