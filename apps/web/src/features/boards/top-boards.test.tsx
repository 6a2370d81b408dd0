import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { board, renderBoards, row } from './test-fixtures';

const section = (name: string) => screen.findByRole('region', { name });
const GOLD = 'Weekly Top Gold Claimers';
const XP = 'Weekly Top XP Gainers';

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('weekly boards', () => {
  it('locks the gold board below level two and the XP board below level one', async () => {
    const { calls } = renderBoards({ features: [] });
    expect(
      await within(await section(GOLD)).findByText(
        'You need to upgrade your profile to at least level two.',
      ),
    ).toBeTruthy();
    expect(
      await within(await section(XP)).findByText(
        'You need to upgrade your profile to at least level one.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/mirza'))).toEqual([]);
  });

  it('shows the XP board with level one while the gold board stays locked', async () => {
    const { calls } = renderBoards({
      features: ['profileLevel1'],
      xp: board([row(1, 42, 'Zara', 9000)]),
    });
    const xp = await section(XP);
    expect(await within(xp).findByRole('table')).toBeTruthy();
    expect(
      within(await section(GOLD)).getByText(
        'You need to upgrade your profile to at least level two.',
      ),
    ).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('/mirza/boards/TOP_GOLD_CLAIMERS/last');
  });

  it('has Rank, Profile Name and Score, and highlights the player as (You)', async () => {
    renderBoards({
      gold: board(
        [row(1, 42, 'Zara', 12345, 'legendary'), row(2, 7, 'Me', 900), row(3, 9, 'Omar', 10)],
        row(2, 7, 'Me', 900),
      ),
    });
    const table = await within(await section(GOLD)).findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Profile Name', 'Score']);
    expect(cellsOf(table)).toEqual([
      ['1', 'Zara', '12,345'],
      ['2', 'Me (You)', '900'],
      ['3', 'Omar', '10'],
    ]);
    const own = within(table).getByText('(You)', { exact: false }).closest('tr')!;
    const other = within(table).getByText('Zara').closest('tr')!;
    // Each name wears its player's avatar frame.
    expect(other.querySelector('[data-frame="legendary"]')).not.toBeNull();
    expect(getComputedStyle(own).backgroundColor).not.toBe(getComputedStyle(other).backgroundColor);
    expect(within(table).queryAllByText(/\(You\)/)).toHaveLength(1);
  });

  it("shows a player's alliance tag beside the name", async () => {
    renderBoards({
      gold: board([{ ...row(1, 42, 'Zara', 500), tag: 'WARD' }, row(2, 9, 'Omar', 10)]),
    });
    const table = await within(await section(GOLD)).findByRole('table');
    expect(cellsOf(table)).toEqual([
      ['1', 'Zara[WARD]', '500'],
      ['2', 'Omar', '10'],
    ]);
    // The name alone opens the profile: the tag is beside the button, not in it.
    expect(within(table).getByRole('button', { name: 'Zara' })).toBeTruthy();
  });

  it('shows the player below the table when outside the top 100', async () => {
    const top = Array.from({ length: 100 }, (_, i) => row(i + 1, 1000 + i, `P${i + 1}`, 5000 - i));
    renderBoards({ xp: board(top, row(150, 7, 'Me', 12)) });
    const xp = await section(XP);
    const table = await within(xp).findByRole('table');
    const rows = within(table).getAllByRole('row');
    // Header, 10 rows of the first page, then the player's own row.
    expect(rows).toHaveLength(12);
    const last = rows[rows.length - 1]!;
    expect(
      within(last)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['150', 'Me (You)', '12']);
    expect(within(xp).getByText('1–10 of 100')).toBeTruthy();
  });

  it('says No data available for an empty week', async () => {
    renderBoards({ gold: board([]), xp: board([]) });
    expect(await within(await section(GOLD)).findByText('No data available')).toBeTruthy();
    expect(await within(await section(XP)).findByText('No data available')).toBeTruthy();
  });

  it('says Error loading data when the board cannot be read', async () => {
    renderBoards({ gold: { status: 500, body: { message: 'Boom' } } });
    expect(await within(await section(GOLD)).findByText('Error loading data')).toBeTruthy();
  });

  it('opens Profile Information from a name (level three)', async () => {
    const user = userEvent.setup();
    const { calls } = renderBoards({
      features: ['profileLevel1', 'profileLevel2', 'profileLevel3'],
      xp: board([row(1, 42, 'Zara', 9000)]),
    });
    await user.click(await within(await section(XP)).findByRole('button', { name: 'Zara' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile Information' });
    expect(await within(dialog).findByText('Nickname')).toBeTruthy();
    const facts = [...dialog.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Nickname', 'Zara'],
      ['Level', '4'],
      ['VIP', '2'],
      ['Lands', '3'],
      ['Heroes', '7'],
      ['Achievements', '5'],
      ['Rarest', 'Gold Baron'],
    ]);
    // The avatar wears the frame the player picked.
    expect(dialog.querySelector('[data-frame="silver"]')).not.toBeNull();
    expect(calls.map((call) => call.path)).toContain('/athar/publicprofiles/42');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('without level three explains why and does not ask the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderBoards({ xp: board([row(1, 42, 'Zara', 9000)]) });
    await user.click(await within(await section(XP)).findByRole('button', { name: 'Zara' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile Information' });
    expect(
      within(dialog).getByText(
        'You need to upgrade your profile to at least level three to view other profiles.',
      ),
    ).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('/athar/publicprofiles/42');
  });

  it.each([
    [404, 'Profile not found'],
    [500, 'Failed to load profile information'],
  ])('answers a %s with %s', async (status, text) => {
    const user = userEvent.setup();
    renderBoards({
      features: ['profileLevel1', 'profileLevel3'],
      xp: board([row(1, 42, 'Zara', 9000)]),
      profile: () => ({ status, body: { message: 'x' } }),
    });
    await user.click(await within(await section(XP)).findByRole('button', { name: 'Zara' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile Information' });
    expect(await within(dialog).findByText(text)).toBeTruthy();
  });
});
