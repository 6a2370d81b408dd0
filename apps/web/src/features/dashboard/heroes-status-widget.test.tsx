import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderDashboard, stat } from './test-fixtures';

const widget = async () =>
  screen.findByRole('region', { name: 'Heroes status' }, { timeout: 3000 });

describe('heroes status widget', () => {
  it('shows the Busy, Idle and No residence counts', async () => {
    renderDashboard({
      stat: stat({ heroes: { ok: true, data: { busy: 4, idle: 7, noResidence: 2 } } }),
    });
    const card = await widget();
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(card)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Busy', 'Idle', 'No residence']);
    expect(values).toEqual(['4', '7', '2']);
  });

  it('says so when the server has no hero status', async () => {
    renderDashboard({
      stat: stat({ heroes: { ok: false, data: { busy: 0, idle: 0, noResidence: 0 } } }),
    });
    expect((await widget()).textContent).toContain('No hero status data received');
  });
});
