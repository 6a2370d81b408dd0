import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hero, mission, renderDashboard } from './test-fixtures';

const widget = () => screen.findByRole('region', { name: 'Running Missions' }, { timeout: 3000 });

describe('running missions widget', () => {
  it('shows Name, Land, Hero and ETA, soonest first', async () => {
    renderDashboard({
      missions: [
        mission(1, { desc_name: 'Claim Gold', landid: 4, heroid: 7, eta: '2099-05-02T10:00:00Z' }),
        mission(2, { desc_name: 'Hunt Seal', landid: 9, heroid: 99, eta: '2001-02-03T04:05:00Z' }),
      ],
      heroes: [hero(7, 'Zara the Bold')],
    });
    const card = await widget();
    const table = await within(card).findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Land', 'Hero', 'ETA']);
    const rows = within(table).getAllByRole('row').slice(1);
    // The ETA cell holds the ETA text in its own <time> element and the countdown beside it.
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c, column) => (column === 3 ? c.querySelector('time')!.textContent : c.textContent)),
    );
    const countdowns = rows.map((row) => within(row).getByRole('timer'));
    expect(cells[0]!.slice(0, 3)).toEqual(['Hunt Seal', 'Land #9', '#99']);
    // A past ETA reads '(dd.mm.yyyy hh:mm)', a far one '+N days hh:mm' (docs/screens.md).
    expect(cells[0]![3]).toMatch(/^\(0[23]\.02\.2001 \d\d:\d\d\)$/);
    expect(countdowns[0]!.textContent).toBe('Returning…');
    expect(cells[1]!.slice(0, 3)).toEqual(['Claim Gold', 'Land #4', 'Zara the Bold']);
    expect(cells[1]![3]).toMatch(/^\+\d+ days \d\d:\d\d$/);
    expect(countdowns[1]!.textContent).toMatch(/^\d+d \d+:\d\d:\d\d left$/);
    expect(rows[1]!.querySelectorAll('td')[3]!.textContent).toBe(
      `${cells[1]![3]}${countdowns[1]!.textContent}`,
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Land #4' }).getAttribute('href')).toBe(
      '/lands/4',
    );
  });

  it('says so when nothing runs', async () => {
    renderDashboard({ missions: [] });
    expect(await within(await widget()).findByText('No running missions yet')).toBeTruthy();
  });

  it('pages long lists with 10, 25, 50 and 100 rows per page', async () => {
    const user = userEvent.setup();
    const missions = Array.from({ length: 12 }, (_, i) => mission(i + 1));
    renderDashboard({ missions });
    const card = await widget();
    await within(card).findByRole('table');
    expect(within(card).getAllByRole('row')).toHaveLength(11);
    expect(within(card).getByText('1–10 of 12')).toBeTruthy();

    await user.click(within(card).getByRole('combobox', { name: 'Rows per page:' }));
    const sizes = screen.getAllByRole('option').map((option) => option.textContent);
    expect(sizes).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(within(card).getAllByRole('row')).toHaveLength(13);
  });
});
