import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { LOCKED_STAT, renderDashboard, stat } from './test-fixtures';

const LOCKED = 'You need to upgrade your profile to at least level two.';
const widget = () =>
  screen.findByRole('region', { name: 'Daily Missions status' }, { timeout: 3000 });

describe('daily missions widget', () => {
  it("tells whether today's Daily mission and Hunt Seal are done", async () => {
    renderDashboard({ stat: stat({ daily: { daily: true, seal: false } }) });
    const card = await widget();
    await within(card).findByText('Daily mission');
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(card)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Daily mission', 'Hunt Seal']);
    expect(values).toEqual(['Done today', 'Available']);
    expect(card.textContent).not.toContain(LOCKED);
  });

  it('is locked without the level-two feature', async () => {
    renderDashboard({ features: ['profileLevel1'], stat: LOCKED_STAT });
    const card = await widget();
    expect(await within(card).findByText(LOCKED)).toBeTruthy();
    expect(within(card).queryByText('Daily mission')).toBeNull();
  });
});
