import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { FriendList } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { FriendsPage } from './friends-page';

vi.setConfig({ testTimeout: 20_000 });

const LIST: FriendList = {
  friends: [
    {
      profileid: 7,
      nickname: 'Zara',
      level: 4,
      alliance: { id: 3, name: 'Sand Wolves', tag: 'SW' },
      online: true,
      since: '2026-11-20T10:00:00.000Z',
    },
    {
      profileid: 8,
      nickname: 'Omar',
      level: 2,
      alliance: null,
      online: false,
      since: '2026-11-21T10:00:00.000Z',
    },
  ],
  incoming: [{ profileid: 9, nickname: 'Layla', level: 1, at: '2026-11-22T10:00:00.000Z' }],
  outgoing: [{ profileid: 10, nickname: 'Tariq', level: 5, at: '2026-11-23T10:00:00.000Z' }],
};

const EMPTY: FriendList = { friends: [], incoming: [], outgoing: [] };

function renderPage(list: FriendList, extra: Parameters<typeof fakeFetch>[0] = {}) {
  let current = list;
  const fetched = fakeFetch({
    'GET /athar/friends': () => json(current),
    'GET /athar/features': () => json(['profileLevel1', 'profileLevel2', 'profileLevel3']),
    ...extra,
  });
  const { container } = renderRoutes(
    [
      { path: '/friends', Component: FriendsPage },
      { path: '/messages', element: <p>Inbox here</p> },
    ],
    '/friends',
    signedInStore(),
  );
  return { ...fetched, container, set: (next: FriendList) => (current = next) };
}

const region = (name: RegExp | string) => screen.getByRole('region', { name });

describe('friends page', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('lists friends with level, alliance tag and online state, and the requests both ways', async () => {
    renderPage(LIST);
    await screen.findByText('Zara');
    const friends = within(region('Friends (2)'));
    const [zara, omar] = friends.getAllByRole('listitem');
    expect(within(zara!).getByText('Level 4')).toBeTruthy();
    expect(within(zara!).getByText('[SW]')).toBeTruthy();
    expect(within(zara!).getByText('Online')).toBeTruthy();
    expect(within(omar!).getByText('Offline')).toBeTruthy();
    expect(within(region('Requests to you')).getByText('Layla')).toBeTruthy();
    expect(within(region('Your requests')).getByText('Tariq')).toBeTruthy();
    expect(friends.getByRole('link', { name: 'Message Zara' }).getAttribute('href')).toBe(
      '/messages?to=Zara',
    );
  });

  it('says in words when each list is empty', async () => {
    renderPage(EMPTY);
    expect(await screen.findByText(/You have no friends yet/)).toBeTruthy();
    expect(screen.getByText('Nobody has asked to be your friend.')).toBeTruthy();
    expect(screen.getByText('You have not asked anyone.')).toBeTruthy();
  });

  it('accepts, refuses and cancels requests, and removes a friend after asking', async () => {
    const page = renderPage(LIST, {
      'POST /athar/friends/9/accept': () => json({ profileid: 9, status: 'friends' }),
      'DELETE /athar/friends/10': () => ({ status: 204 }),
      'DELETE /athar/friends/8': () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    await screen.findByText('Layla');
    page.set({ ...LIST, incoming: [] });
    await user.click(screen.getByRole('button', { name: 'Accept Layla' }));
    await waitFor(() => expect(screen.queryByText('Layla')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancel request to Tariq' }));
    await user.click(screen.getByRole('button', { name: 'Remove Omar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove friend' });
    expect(page.calls.some((c) => c.path === '/athar/friends/8')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        page.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`),
      ).toEqual([
        'POST /athar/friends/9/accept',
        'DELETE /athar/friends/10',
        'DELETE /athar/friends/8',
      ]),
    );
  });

  it('shows the server’s words when a change is refused', async () => {
    renderPage(LIST, {
      'POST /athar/friends/9/accept': () =>
        json(
          {
            statusCode: 409,
            code: 'FRIENDS_FULL',
            message: 'You can have at most 200 friends and open requests.',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept Layla' }));
    expect(
      await screen.findByText('You can have at most 200 friends and open requests.'),
    ).toBeTruthy();
  });

  it('opens a friend’s profile in the Profile Information dialog', async () => {
    renderPage(LIST, {
      'GET /athar/publicprofiles/7': () =>
        json({
          profileid: 7,
          nickname: 'Zara',
          level: 4,
          vip: 0,
          lands: 1,
          heroes: 3,
          frame: 'none',
          achievements: { earned: 0, rarest: [] },
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile of Zara' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile Information' });
    expect(await within(dialog).findByText('VIP')).toBeTruthy();
  });

  it('has no accessibility violations', async () => {
    const { container } = renderPage(LIST);
    await screen.findByText('Zara');
    const result = await axe.run(container, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
