import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerRow } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { detail, MODERATOR, renderConsole } from './test-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const ledgerRow = (id: number, over: Partial<LedgerRow> = {}): LedgerRow => ({
  id,
  at: '2026-11-21T09:00:00.000Z',
  asset: 'gold',
  delta: 120,
  cause: 'mission',
  causeId: '77',
  landId: 9,
  element: null,
  itemCode: null,
  ...over,
});

describe("a player's page", () => {
  it('shows the account, its standing with the end dates, lands and heroes', async () => {
    renderConsole('/admin/players/42', {
      'GET /diwan/players/42': () =>
        json(
          detail({
            status: {
              state: 'suspended',
              until: '2099-01-02T03:04:00.000Z',
              mutedUntil: '2099-01-01T00:00:00.000Z',
            },
          }),
        ),
    });
    expect(await screen.findByRole('heading', { name: 'zara' })).toBeTruthy();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('zara@example.com (verified)')).toBeTruthy();
    const standing = screen.getByRole('region', { name: 'Standing and treasury' });
    expect(within(standing).getAllByText(/^Suspended until \w{3} \d+, 2099/).length).toBe(2);
    expect(within(standing).getByText('Muted until')).toBeTruthy();
    expect(within(standing).getByText('23,500')).toBeTruthy();
    expect(within(standing).getByText('1,250')).toBeTruthy();
    const lands = screen.getByRole('table', { name: 'Lands' });
    expect(within(lands).getByText('Mistmere')).toBeTruthy();
    expect(within(lands).getByText('Water')).toBeTruthy();
    const heroes = screen.getByRole('table', { name: 'Heroes' });
    expect(within(heroes).getByText('Moriwyn')).toBeTruthy();
    expect(within(heroes).getByText('Epic')).toBeTruthy();
    // Suspended and muted: Lift and Unmute have something to undo.
    expect(screen.getByRole('button', { name: 'Lift' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Unmute' })).toHaveProperty('disabled', false);
  });

  it('pages the ledger and filters it by kind and cause', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/players/42?tab=ledger', {
      'GET /diwan/players/42': () => json(detail()),
      'GET /diwan/players/42/ledger': (call) => {
        const url = new URL(call.path, 'http://x');
        if (url.searchParams.get('cursor') === 'n1')
          return json({
            entries: [ledgerRow(2, { delta: -30, cause: 'trader' })],
            nextCursor: null,
          });
        if (url.searchParams.get('cause') === 'staff:12')
          return json({
            entries: [ledgerRow(3, { asset: 'platinum', delta: 5, cause: 'staff:12' })],
            nextCursor: null,
          });
        return json({ entries: [ledgerRow(1)], nextCursor: 'n1' });
      },
    });
    const table = await screen.findByRole('table', { name: 'Ledger, newest first' });
    expect(await within(table).findByText('+120')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('-30')).toBeTruthy();
    expect(within(table).getByText('+120')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Kind'), 'Platinum');
    await user.type(screen.getByLabelText('Cause'), 'staff:12');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await within(table).findByText('staff:12')).toBeTruthy();
    expect(within(table).queryByText('+120')).toBeNull();
    expect(calls.map((c) => c.path).filter((p) => p.includes('/ledger'))).toEqual([
      '/diwan/players/42/ledger',
      '/diwan/players/42/ledger?cursor=n1',
      '/diwan/players/42/ledger?kind=platinum',
      '/diwan/players/42/ledger?kind=platinum&cause=staff%3A12',
    ]);
  });

  it('refuses a cause the server would refuse, without asking', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/players/42?tab=ledger', {
      'GET /diwan/players/42': () => json(detail()),
      'GET /diwan/players/42/ledger': () => json({ entries: [], nextCursor: null }),
    });
    await screen.findByText('No ledger entries match these filters.');
    await user.type(screen.getByLabelText('Cause'), 'Staff Grant');
    expect(screen.getByText('Letters, digits and _:.- only')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.path.includes('/ledger'))).toHaveLength(1);
  });

  it('shows a moderator the sign-ins without raw addresses and no admin actions', async () => {
    const user = userEvent.setup();
    renderConsole(
      '/admin/players/42',
      {
        'GET /diwan/players/42': () => json(detail()),
        'GET /diwan/players/42/signins': () =>
          json({
            signIns: [
              {
                at: '2026-11-21T08:00:00.000Z',
                clientAddress: null,
                userAgent: 'Firefox',
                addressTag: 'a1b2c3',
                deviceTag: 'd4e5f6',
              },
            ],
          }),
      },
      MODERATOR,
    );
    await screen.findByRole('heading', { name: 'zara' });
    expect(screen.queryByRole('button', { name: 'Grant' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Role' })).toBeNull();
    expect(screen.getByText('Grants, levels and role changes are for admins.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Sign-ins' }));
    const table = await screen.findByRole('table', { name: 'Sign-ins' });
    expect(within(table).getByText('Admins only')).toBeTruthy();
    expect(within(table).getByText('a1b2c3')).toBeTruthy();
  });

  it('lists linked accounts and flagged transfers under Signals', async () => {
    renderConsole('/admin/players/42?tab=signals', {
      'GET /diwan/players/42': () => json(detail()),
      'GET /diwan/players/42/signals': () =>
        json({
          linked: [
            {
              id: 43,
              login: 'zara_alt',
              via: ['address', 'device'],
              lastSeen: '2026-11-21T08:00:00.000Z',
              status: { state: 'active', until: null, mutedUntil: null },
            },
          ],
          flagged: [
            {
              kind: 'arena',
              id: 900,
              at: '2026-11-21T08:00:00.000Z',
              fromId: 43,
              toId: 42,
              amount: 16,
            },
            {
              kind: 'bazaar',
              id: 77,
              at: '2026-11-22T08:00:00.000Z',
              fromId: 42,
              toId: 43,
              amount: 5000,
            },
          ],
        }),
    });
    const linked = await screen.findByRole('table', { name: 'Linked accounts' });
    expect(within(linked).getByRole('link', { name: 'zara_alt' }).getAttribute('href')).toBe(
      '/admin/players/43',
    );
    expect(within(linked).getByText('Same address, Same device')).toBeTruthy();
    const flagged = screen.getByRole('table', { name: 'Flagged transfers' });
    expect(within(flagged).getByText('Arena battle #900')).toBeTruthy();
    expect(within(flagged).getByText('16 rating')).toBeTruthy();
    // A sale between the accounts: its listing and price.
    expect(within(flagged).getByText('Bazaar sale #77')).toBeTruthy();
    expect(within(flagged).getByText('5,000 (price)')).toBeTruthy();
    // Both transfers name both accounts, each a link to the player's page.
    expect(within(flagged).getAllByRole('link', { name: 'zara_alt' })).toHaveLength(2);
    expect(within(flagged).getAllByRole('link', { name: 'zara' })).toHaveLength(2);
  });

  it('shows reports and the staff actions on the player', async () => {
    const user = userEvent.setup();
    renderConsole('/admin/players/42?tab=reports', {
      'GET /diwan/players/42': () => json(detail()),
    });
    const received = await screen.findByRole('table', { name: 'Reports received' });
    expect(within(received).getByText('Harassment')).toBeTruthy();
    expect(within(received).getByRole('link', { name: 'veteran' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Staff actions' }));
    const actions = await screen.findByRole('table', { name: 'Staff actions' });
    expect(within(actions).getByText('Harassment in the arena')).toBeTruthy();
    expect(within(actions).getByText('suspend')).toBeTruthy();
  });

  it('says so for an unknown player', async () => {
    renderConsole('/admin/players/999', {
      'GET /diwan/players/999': () =>
        json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404),
    });
    expect(await screen.findByText('No player has the id 999.')).toBeTruthy();
  });
});
