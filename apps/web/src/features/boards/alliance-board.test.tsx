import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AllianceBoardRow } from '@aleph/contracts';
import { renderBoards } from './test-fixtures';

const ally = (rank: number, allianceId: number, tag: string, name: string, xp: number) =>
  ({ rank, allianceId, tag, name, members: 12, xp }) satisfies AllianceBoardRow;

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('weekly alliance board', () => {
  it('lists rank, [TAG] name, members and XP, with my alliance after the top', async () => {
    renderBoards({
      alliances: {
        weekStart: '2026-11-16T00:00:00.000Z',
        rows: [ally(1, 4, 'WOLF', 'Grey Wolves', 91_000), ally(2, 9, 'OWL', 'Night Owls', 400)],
        mine: ally(140, 33, 'ME', 'My Band', 12),
      },
    });
    const section = await screen.findByRole('region', { name: 'Alliances' });
    const table = await within(section).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Alliance', 'Members', 'XP']);
    expect(rowsOf(table)).toEqual([
      ['1', '[WOLF] Grey Wolves', '12', '91,000'],
      ['2', '[OWL] Night Owls', '12', '400'],
      ['140', '[ME] My Band (Your alliance)', '12', '12'],
    ]);
  });

  it('is locked below profile level one and says when no alliance scored yet', async () => {
    const { calls, unmount } = renderBoards({ features: [] });
    expect(
      await within(await screen.findByRole('region', { name: 'Alliances' })).findByText(
        'You need to upgrade your profile to at least level one.',
      ),
    ).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain('/mirza/alliances/last');
    unmount();
    renderBoards();
    expect(await screen.findByText('No alliance has scored this week yet')).toBeTruthy();
  });
});
