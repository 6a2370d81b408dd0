import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { DashboardScreen } from '../../app/dashboard-screen';
import { hero, mission, renderDashboard, stat } from './test-fixtures';

async function axeViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

// Card grids and axe runs are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('dashboard accessibility (axe)', () => {
  // axe probes a canvas for icon ligatures; jsdom has none and would log 'Not implemented'.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('the STAT tab with every widget filled has no violations', async () => {
    const { container } = renderDashboard({
      screen: DashboardScreen,
      stat: stat({ gold: [{ landid: 1, leftover: 700, cap: 700, mission: false }] }),
      missions: [mission(1, { heroid: 3 })],
      heroes: [hero(3, 'Ayla')],
    });
    await screen.findByRole('table');
    await screen.findByText('Done today');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('the locked and empty widgets and the TOP tab have no violations', async () => {
    const user = userEvent.setup();
    const { container } = renderDashboard({
      screen: DashboardScreen,
      stat: stat({ gold: [], announces: [] }),
      features: [],
    });
    await screen.findByText('No running missions yet');
    expect(await screen.findAllByText(/at least level two/)).toHaveLength(2);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'TOP' }));
    expect(await axeViolations(container)).toEqual([]);
  });
});
