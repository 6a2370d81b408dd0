import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { json } from '../../test/fake-fetch';
import { detail, logEntry, renderConsole, report, row } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

async function violations() {
  // jsdom does not lay out or paint, so colour contrast is left to the browser journey.
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

const ROUTES = {
  'GET /diwan/players': () => json({ players: [row(42, 'zara')], nextCursor: 'n' }),
  'GET /diwan/players/42': () => json(detail()),
  'GET /diwan/players/42/ledger': () => json({ entries: [], nextCursor: null }),
  'GET /diwan/players/42/signins': () => json({ signIns: [] }),
  'GET /diwan/players/42/signals': () => json({ linked: [], flagged: [] }),
  'GET /diwan/reports': () =>
    json({
      groups: [
        {
          targetId: 42,
          targetLogin: 'zara',
          targetNickname: 'Zara',
          count: 1,
          oldest: '2026-11-19T10:00:00.000Z',
          reports: [report(3)],
        },
      ],
    }),
  'GET /diwan/stafflog': () => json({ entries: [logEntry(12)], nextCursor: null }),
  'GET /diwan/signals/clusters': () =>
    json({
      clusters: [
        {
          size: 2,
          members: [
            { id: 42, login: 'zara' },
            { id: 43, login: 'alt' },
          ],
          flagged: 1,
        },
      ],
    }),
  'POST /diwan/players/42/lift': () =>
    json({ statusCode: 403, code: 'REAUTH_REQUIRED', message: 'Confirm your password.' }, 403),
};

describe('console accessibility (axe)', () => {
  beforeEach(() => {
    // axe probes a canvas for icon ligatures; jsdom has none.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it.each([
    ['/admin', 'All players'],
    ['/admin/reports', null],
    ['/admin/stafflog', 'Staff log, newest first'],
    ['/admin/signals', 'Linked accounts by group, largest first'],
  ])('%s has no violations', async (path, table) => {
    renderConsole(path, ROUTES);
    if (table)
      await within(await screen.findByRole('table', { name: table })).findAllByRole('link');
    else await screen.findByRole('region', { name: 'Zara (zara)' });
    expect(await violations()).toEqual([]);
  });

  it.each(['overview', 'ledger', 'activity', 'signins', 'signals', 'reports', 'staff'])(
    "a player's %s tab has no violations",
    async (tab) => {
      renderConsole(`/admin/players/42?tab=${tab}`, ROUTES);
      await screen.findByRole('heading', { name: 'zara' });
      await screen.findAllByRole('table');
      expect(await violations()).toEqual([]);
    },
  );

  it.each([
    ['Suspend', 'Suspend zara'],
    ['Mute', 'Mute zara'],
    ['Rename', 'Rename Zara'],
    ['Grant', 'Grant to zara'],
    ['Send message', 'Send a message to zara'],
    ['Role', 'Role of zara'],
    ['Set level', 'Level of zara'],
  ])('the %s dialog names every field and has no violations', async (button, title) => {
    const user = userEvent.setup();
    renderConsole('/admin/players/42', ROUTES);
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByLabelText(/^Reason/)).toBeTruthy();
    expect(await violations()).toEqual([]);
  });

  it.each([
    ['Write an announcement', 'Announcement to every player'],
    ['Open the event', 'Open the Lucky coin event'],
    ['Create a unique mission', 'Create a unique mission'],
    ['Close a unique mission', 'Close a unique mission'],
  ])('the tools page and its %s dialog have no violations', async (button, title) => {
    const user = userEvent.setup();
    renderConsole('/admin/tools', ROUTES);
    await screen.findByRole('region', { name: 'Unique missions' });
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByLabelText(/^Reason/)).toBeTruthy();
    expect(await violations()).toEqual([]);
  });

  it('the password confirmation has no violations', async () => {
    const user = userEvent.setup();
    renderConsole('/admin/players/42', {
      ...ROUTES,
      'GET /diwan/players/42': () =>
        json(detail({ status: { state: 'banned', until: null, mutedUntil: null } })),
    });
    await user.click(await screen.findByRole('button', { name: 'Lift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the suspension of zara' });
    await user.click(within(dialog).getByLabelText(/^Reason/));
    await user.paste('Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(reauth).getByLabelText(/^Password/)).toBeTruthy();
    expect(await violations()).toEqual([]);
  });
});
