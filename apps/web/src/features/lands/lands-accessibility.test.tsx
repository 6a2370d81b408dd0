import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { hero, item, land, renderLand, renderLands } from './test-fixtures';

async function axeViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

const ALL_FLAGS = ['profileLevel1', 'profileLevel2', 'profileLevel3'];

// Card grids and axe runs are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('lands accessibility (axe)', () => {
  // axe probes a canvas for icon ligatures; jsdom has none and would log 'Not implemented'.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('the lands list has no violations', async () => {
    const { container } = renderLands({
      lands: [land(1), land(2, { name: 'Greenhold', terrain_type: 4, element: 2 })],
    });
    await screen.findByRole('link', { name: 'Land #1' });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('every tab of the land screen has no violations', async () => {
    const user = userEvent.setup();
    const { container } = renderLand({
      land: land(7),
      features: ALL_FLAGS,
      heroes: [
        hero(1, { residenceid: 7 }),
        hero(2, { residenceid: 7, busy: true, eta: '2099-01-01T00:00:00Z' }),
      ],
      balances: [item(1, { balance: 1500 }), item(2, { item_type: 'stuff' })],
    });
    await screen.findByRole('region', { name: 'Land info' });
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'HEROES' }));
    await screen.findByRole('list', { name: 'Resident heroes' });
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'ELEMENTS' }));
    await screen.findByRole('button', { name: 'Upgrade Air seal' });
    expect(await axeViolations(container)).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'INVENTORY' }));
    await screen.findByRole('list', { name: 'Inventory' });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('Land not found has no violations', async () => {
    const { container } = renderLand({ land: land(7), status: 404 });
    await screen.findByRole('heading', { name: 'Land not found' });
    expect(await axeViolations(container)).toEqual([]);
  });
});
