import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-fetch';
import { MODERATOR, renderConsole, row } from './test-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const page = (players = [row(42, 'zara')], nextCursor: string | null = null) =>
  json({ players, nextCursor });

describe('the operators console', () => {
  it('sends a player (404 from /diwan/me) to the dashboard', async () => {
    const { router } = renderConsole('/admin/reports', {}, null);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText("Operators' console")).toBeNull();
  });

  it('shows staff its sections; Tools only to admins', async () => {
    renderConsole('/admin', { 'GET /diwan/players': () => page() });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Players', 'Reports', 'Staff log', 'Signals', 'Tools']);
    expect(screen.getByText('operator, admin')).toBeTruthy();
  });

  it('hides Tools from a moderator, and its path leads back to the players', async () => {
    const { router } = renderConsole(
      '/admin/tools',
      { 'GET /diwan/players': () => page() },
      MODERATOR,
    );
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('tab', { name: 'Tools' })).toBeNull();
    expect(await screen.findByRole('table', { name: 'All players' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('players search', () => {
  it('searches by what is typed and pages on with the cursor', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin', {
      'GET /diwan/players': (call) => {
        const url = new URL(call.path, 'http://x');
        if (url.searchParams.get('cursor') === 'c2') return page([row(41, 'zarathustra')], null);
        if (url.searchParams.get('q') === 'zar') return page([row(42, 'zara')], 'c2');
        return page([row(50, 'newest')], null);
      },
    });
    await screen.findByRole('link', { name: 'newest' });
    await user.type(screen.getByLabelText('Search players'), 'zar');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Players matching zar' });
    const zara = await within(table).findByRole('link', { name: 'zara' });
    expect(zara.getAttribute('href')).toBe('/admin/players/42');
    expect(within(table).getByText('zara@example.com')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('link', { name: 'zarathustra' })).toBeTruthy();
    // Both pages stay, in order, and the last one has no further page.
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['zara', 'zarathustra']);
    expect(within(table).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/diwan/players'))).toEqual([
      '/diwan/players?limit=25',
      '/diwan/players?q=zar&limit=25',
      '/diwan/players?q=zar&cursor=c2&limit=25',
    ]);
  });

  it('writes the standing with its end date', async () => {
    renderConsole('/admin', {
      'GET /diwan/players': () =>
        page([
          row(42, 'zara', { state: 'banned', until: null, mutedUntil: null }),
          row(43, 'omar', {
            state: 'suspended',
            until: '2099-01-02T03:04:00.000Z',
            mutedUntil: null,
          }),
        ]),
    });
    expect(await screen.findByText('Banned')).toBeTruthy();
    expect(screen.getByText(/^Suspended until \w{3} \d+, 2099/)).toBeTruthy();
  });

  it('says when nobody matches', async () => {
    renderConsole('/admin?q=nobody', { 'GET /diwan/players': () => page([]) });
    expect(await screen.findByText('No player matches.')).toBeTruthy();
  });
});
