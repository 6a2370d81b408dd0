import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MINE } from '../../test/bazaar-mine';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderSeller, sellDialog } from '../../test/bazaar-sell';
import { renderRoutes, signedInStore } from '../../test/render';
import { MyBazaarPage } from './my-bazaar-page';

// axe over a dialog is slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 40_000 });

async function axeViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('selling and My Bazaar accessibility (axe)', () => {
  // axe probes a canvas for icon ligatures; jsdom has none and would log 'Not implemented'.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('the sell dialog of an auction of goods, with an error at a field, has no violations', async () => {
    const user = userEvent.setup();
    renderSeller('/lands/7?tab=inventory');
    await user.click(await screen.findByRole('button', { name: 'Sell Fire Seal on the Bazaar' }));
    const dialog = await sellDialog();
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Sale type' }), 'Auction');
    await user.type(dialog.getByRole('textbox', { name: 'Start price' }), '100');
    await user.type(dialog.getByRole('textbox', { name: 'Buy-now price (optional)' }), '50');
    expect(await axeViolations(screen.getByRole('dialog'))).toEqual([]);
  });

  it('the locked button and My Bazaar have no violations', async () => {
    const locked = renderSeller('/heroes/3', { features: ['profileLevel1'] });
    await screen.findByText('You need to upgrade your profile to at least level two.');
    expect(await axeViolations(locked.container)).toEqual([]);
    locked.unmount();

    fakeFetch({
      'GET /souq/bazaar/mine': () => json(MINE),
    });
    const { container } = renderRoutes(
      [{ path: '/bazaar/mine', Component: MyBazaarPage }],
      '/bazaar/mine',
      signedInStore(),
    );
    await screen.findByRole('table', { name: 'Sales' });
    expect(await axeViolations(container)).toEqual([]);
  });
});
