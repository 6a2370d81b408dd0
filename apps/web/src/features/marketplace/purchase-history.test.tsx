import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-fetch';
import { callsTo, hero, land, purchase, renderMarket } from './test-fixtures';

const pending = purchase(3, {
  status: 'pending',
  confirmedAt: null,
  confirmations: { have: 1, need: 2 },
  txHash: `0x${'a'.repeat(64)}`,
});

describe('purchase history', () => {
  it('lists kind, status, platinum change and date, with links to minted lands and heroes', async () => {
    renderMarket('/marketplace', {
      purchases: [
        pending,
        purchase(2, { kind: 'mint_land', platinum: -100, packageId: null, land: land(42) }),
        purchase(1, { kind: 'mint_hero', platinum: -50, packageId: null, hero: hero(8) }),
        purchase(0, { status: 'refused', platinum: 100 }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Purchase history' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]!.textContent).toMatch(/^Platinum bought.*2026.*\+550 PlatinumPending/);
    expect(within(rows[1]!).getByRole('link', { name: 'Land #42' }).getAttribute('href')).toBe(
      '/lands/42',
    );
    expect(rows[1]!.textContent).toContain('\u2212100 Platinum');
    expect(
      within(rows[2]!).getByRole('link', { name: 'Nadia Stormveil' }).getAttribute('href'),
    ).toBe('/heroes/8');
    expect(rows[3]!.textContent).toContain('Refused');
  });

  it('shows the gold a mint paid with gold took', async () => {
    renderMarket('/marketplace', {
      purchases: [
        purchase(5, {
          kind: 'mint_land',
          platinum: 0,
          gold: -3_000,
          packageId: null,
          land: land(43),
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Purchase history' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row!.textContent).toContain('\u22123,000 gold');
    expect(row!.textContent).not.toContain('Platinum');
  });

  it('checks a pending payment again and refreshes once it is confirmed', async () => {
    const user = userEvent.setup();
    let reads = 0;
    let history = [pending];
    const { calls } = renderMarket('/marketplace', {
      purchases: () => history,
      routes: {
        'GET /market/purchases/3': () => {
          reads += 1;
          if (reads === 1) return json(pending);
          history = [purchase(3, { txHash: pending.txHash })];
          return json(history[0]);
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Purchase history' });
    await user.click(within(list).getByRole('button', { name: 'Check payment' }));
    expect(await within(list).findByText('Still waiting for confirmations (1/2).')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Check payment' }));
    await waitFor(() => expect(within(list).getByText('Confirmed')).toBeTruthy());
    expect(within(list).queryByRole('button', { name: 'Check payment' })).toBeNull();
    expect(callsTo(calls, 'GET', '/athar/profile').length).toBeGreaterThanOrEqual(2);
  });
});
