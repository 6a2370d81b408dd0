import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LAND, renderSeller, sellDialog } from '../../test/bazaar-sell';

vi.setConfig({ testTimeout: 20_000 });

const LOCKED = 'You need to upgrade your profile to at least level two.';
const sellButton = () => screen.findByRole('button', { name: 'Sell on the Bazaar' });
const description = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Sell on the Bazaar, where a player finds it', () => {
  it('is locked below profile level 2 with the locked sentence', async () => {
    renderSeller('/heroes/3', { features: ['profileLevel1'] });
    const button = await sellButton();
    await screen.findByText(LOCKED);
    expect(button).toHaveProperty('disabled', true);
    expect(description(button)).toBe(LOCKED);
  });

  it('offers no Sell beside goods below profile level 2', async () => {
    renderSeller('/lands/7?tab=inventory', { features: ['profileLevel1'] });
    expect(await screen.findByText('Fire Seal')).toBeTruthy();
    await screen.findByText(LOCKED); // the land's own button says why
    expect(screen.queryByRole('button', { name: /^Sell Fire Seal/ })).toBeNull();
  });

  it('is disabled with the reason for a hero on a mission', async () => {
    renderSeller('/heroes/2');
    const button = await sellButton();
    await screen.findByText('This hero is on a mission.');
    expect(button).toHaveProperty('disabled', true);
    expect(description(button)).toBe('This hero is on a mission.');
  });

  it('is disabled for a land with residents, and lists an empty land', async () => {
    const user = userEvent.setup();
    const first = renderSeller('/lands/7', { land: { ...LAND, residents: 2 } });
    expect(await screen.findByText('Heroes live on this land: move them out first.')).toBeTruthy();
    expect(await sellButton()).toHaveProperty('disabled', true);
    first.unmount();

    const { calls } = renderSeller('/lands/7');
    await user.click(await sellButton());
    const dialog = await sellDialog();
    expect(dialog.getByText('Oasis')).toBeTruthy();
    expect(dialog.queryByRole('textbox', { name: 'Quantity' })).toBeNull();
    await user.type(dialog.getByRole('textbox', { name: 'Price' }), '20000');
    await user.click(dialog.getByRole('button', { name: 'List on the Bazaar' }));
    expect(await screen.findByRole('heading', { name: 'Listing 42' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'land', landid: 7, currency: 'gold', price: 20000 },
    ]);
  });

  it('sells whole elementals and shards of one element from the ELEMENTS tab', async () => {
    const user = userEvent.setup();
    const { calls } = renderSeller('/lands/7?tab=elements');
    expect(
      await screen.findByRole('button', { name: 'Sell Air shards on the Bazaar' }),
    ).toBeTruthy();
    // Elements with nothing in the vault offer nothing to sell.
    expect(screen.queryByRole('button', { name: 'Sell Fire elementals on the Bazaar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sell Air elementals on the Bazaar' }));
    const dialog = await sellDialog();
    // 12.6 in the vault: 12 whole elementals may be listed.
    expect(dialog.getByText('This land holds 12.')).toBeTruthy();
    const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.type(dialog.getByRole('textbox', { name: 'Price' }), '600');
    expect(dialog.getByText('In gold, for the whole quantity.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'List on the Bazaar' }));
    expect(await screen.findByRole('heading', { name: 'Listing 42' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        kind: 'goods',
        landid: 7,
        item: 'elementals',
        elemid: 0,
        quantity: 12,
        currency: 'gold',
        price: 600,
      },
    ]);
  });
});
