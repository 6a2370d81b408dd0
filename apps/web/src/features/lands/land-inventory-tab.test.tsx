import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { item, land, renderLand } from './test-fixtures';

const tiles = () =>
  within(screen.getByRole('list', { name: 'Inventory' }))
    .getAllByRole('listitem')
    .map((tile) => tile.textContent);

describe('land INVENTORY tab', () => {
  it('shows balances with K above a thousand and M above a million', async () => {
    renderLand(
      {
        land: land(7),
        balances: [
          item(1, { item_name: 'Healing Pot', balance: 999 }),
          item(2, { item_name: 'Iron Ore', item_type: 'stuff', balance: 1500 }),
          item(3, { item_name: 'Gem Dust', item_type: 'stuff', balance: 2_500_000 }),
        ],
      },
      '/lands/7?tab=inventory',
    );
    await screen.findByText('Healing Pot');
    const badge = (name: string) =>
      screen.getByText(name).closest('li')!.querySelector('.MuiBadge-badge')!.textContent;
    expect(badge('Healing Pot')).toBe('999');
    expect(badge('Iron Ore')).toBe('1.5K');
    expect(badge('Gem Dust')).toBe('2.5M');
  });

  it('filters All / item / stuff', async () => {
    const user = userEvent.setup();
    renderLand(
      {
        land: land(7),
        balances: [
          item(1, { item_name: 'Healing Pot' }),
          item(2, { item_name: 'Iron Ore', item_type: 'stuff' }),
        ],
      },
      '/lands/7?tab=inventory',
    );
    await screen.findByText('Healing Pot');
    const filter = screen.getByRole('group', { name: 'Filter' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'item', 'stuff']);
    expect(tiles()).toHaveLength(2);
    await user.click(within(filter).getByRole('button', { name: 'stuff' }));
    expect(tiles()).toEqual([expect.stringContaining('Iron Ore')]);
    await user.click(within(filter).getByRole('button', { name: 'item' }));
    expect(tiles()).toEqual([expect.stringContaining('Healing Pot')]);
    await user.click(within(filter).getByRole('button', { name: 'All' }));
    expect(tiles()).toHaveLength(2);
  });

  it('says No data available for an empty inventory', async () => {
    renderLand({ land: land(7), balances: [] }, '/lands/7?tab=inventory');
    expect(await screen.findByText('No data available')).toBeTruthy();
  });
});
