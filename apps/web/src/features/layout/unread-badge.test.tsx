import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AppLayout } from './app-layout';

const routes = [
  { path: '/', Component: AppLayout, children: [{ index: true, element: <h1>Home</h1> }] },
];

const PROFILE = {
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 0, profilePoints: 0, upgradable: false },
  treasury: { gold: 0, platinum: 0 },
};

afterEach(() => vi.useRealTimers());

describe('Inbox unread badge', () => {
  it('shows the unread count and names it for assistive technology', async () => {
    fakeFetch({
      'GET /athar/profile': () => json(PROFILE),
      'GET /hatif/messages/countunread': () => json({ unreadMessages: 3 }),
    });
    renderRoutes(routes, '/', signedInStore());
    const inbox = await screen.findByRole('link', { name: 'Inbox, 3 unread' });
    expect(inbox.getAttribute('href')).toBe('/messages');
    expect(within(inbox).getByText('3')).toBeTruthy();
  });

  it('has no badge and a plain name when everything is read', async () => {
    const { calls } = fakeFetch({
      'GET /athar/profile': () => json(PROFILE),
      'GET /hatif/messages/countunread': () => json({ unreadMessages: 0 }),
    });
    renderRoutes(routes, '/', signedInStore());
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/hatif/messages/countunread')).toBe(true),
    );
    const inbox = screen.getByRole('link', { name: 'Inbox' });
    // No badge, not even a hidden zero: its number would read as the link's visible text.
    expect(inbox.querySelector('.MuiBadge-badge')).toBeNull();
    expect(inbox.textContent).toBe('');
  });

  it('polls the count every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 1;
    const { calls } = fakeFetch({
      'GET /athar/profile': () => json(PROFILE),
      'GET /hatif/messages/countunread': () => json({ unreadMessages: unread }),
    });
    renderRoutes(routes, '/', signedInStore());
    expect(await screen.findByRole('link', { name: 'Inbox, 1 unread' })).toBeTruthy();
    const polls = () => calls.filter((call) => call.path === '/hatif/messages/countunread').length;
    expect(polls()).toBe(1);

    unread = 4;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(5_500);
    await waitFor(() => expect(polls()).toBe(2));
    expect(await screen.findByRole('link', { name: 'Inbox, 4 unread' })).toBeTruthy();
  });
});
