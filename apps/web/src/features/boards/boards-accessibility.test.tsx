import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { board, renderBoards, row } from './test-fixtures';

async function axeViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

vi.setConfig({ testTimeout: 20_000 });

describe('weekly boards accessibility (axe)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('filled boards, the own row below the table and the profile dialog have no violations', async () => {
    const user = userEvent.setup();
    const top = Array.from({ length: 12 }, (_, i) => row(i + 1, 40 + i, `P${i + 1}`, 500 - i));
    renderBoards({
      features: ['profileLevel1', 'profileLevel2', 'profileLevel3'],
      gold: board(top, row(2, 41, 'P2', 499)),
      xp: board(top, row(150, 7, 'Me', 1)),
    });
    const xp = await screen.findByRole('region', { name: 'Weekly Top XP Gainers' });
    await within(xp).findByRole('table');
    await within(
      await screen.findByRole('region', { name: 'Weekly Top Gold Claimers' }),
    ).findByRole('table');
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(within(xp).getByRole('button', { name: 'P3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile Information' });
    await within(dialog).findByText('Nickname');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('locked boards have no violations', async () => {
    const { container } = renderBoards({ features: [] });
    // The XP board and the alliance board both open at level one.
    await screen.findAllByText('You need to upgrade your profile to at least level one.');
    expect(await axeViolations(container)).toEqual([]);
  });
});
