import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AllianceWeek } from '@aleph/contracts';
import { renderWithStore } from '../../test/render';
import { AllianceGoal } from './alliance-goal';

const week = (progress: number): AllianceWeek => ({
  weekStart: '2026-11-23T00:00:00.000Z',
  xp: 1200,
  rank: 3,
  goal: {
    target: 200_000,
    progress,
    rewardGold: 1000,
    contributors: [
      { profileid: 1, nickname: 'Zara', gold: 90_000 },
      { profileid: 2, nickname: 'Omar', gold: 60_000 },
    ],
  },
});

describe('alliance goal', () => {
  it('shows a labelled progress bar with its numbers and the contributors, most first', () => {
    renderWithStore(<AllianceGoal week={week(150_000)} />);
    const bar = screen.getByRole('progressbar', {
      name: 'Weekly goal: 150,000 of 200,000 gold claimed',
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText(/150,000 \/ 200,000 gold \(75%\)/)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Contributors' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Zara: 90,000 gold', 'Omar: 60,000 gold']);
  });

  it('says when the goal is reached, capping the bar at 100%', () => {
    renderWithStore(<AllianceGoal week={week(250_000)} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText(/Reached!/)).toBeTruthy();
  });
});
