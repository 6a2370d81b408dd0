import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { json } from '../../test/fake-fetch';
import { hero, land, purchase, renderMarket } from './test-fixtures';

async function seriousViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

const HISTORY = [
  purchase(3, {
    status: 'pending',
    confirmations: { have: 1, need: 2 },
    txHash: `0x${'a'.repeat(64)}`,
  }),
  purchase(2, { kind: 'mint_land', platinum: -100, packageId: null, land: land(42) }),
  purchase(1, { kind: 'mint_hero', platinum: -50, packageId: null, hero: hero(8) }),
];

describe('marketplace accessibility (axe)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('the buy tab with its history has no serious or critical violations', async () => {
    const { container } = renderMarket('/marketplace', { platinum: 10, purchases: HISTORY });
    await screen.findByRole('list', { name: 'Purchase history' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the mint land tab, its dialog and its reveal have no serious or critical violations', async () => {
    const user = userEvent.setup();
    const { container } = renderMarket('/marketplace?tab=mint-land', {
      platinum: 300,
      routes: {
        'POST /market/mint/land': () =>
          json(purchase(4, { kind: 'mint_land', platinum: -100, land: land(42) })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mint Land' }));
    const dialog = await screen.findByRole('dialog');
    expect(await seriousViolations(document.body)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('region', { name: 'Your new land' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the mint hero tab with too little Platinum has no serious or critical violations', async () => {
    const { container } = renderMarket('/marketplace?tab=mint-hero', { platinum: 5 });
    await screen.findByText(/Not enough Platinum/);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the gold mint of the land tab and its dialog have no serious or critical violations', async () => {
    const user = userEvent.setup();
    const { container } = renderMarket('/marketplace?tab=mint-land', { gold: 5_000 });
    const button = await screen.findByRole('button', { name: 'Mint for 3,000 gold' });
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Mint a land on Aleph for 3,000 gold?' });
    expect(await seriousViolations(document.body)).toEqual([]);
  });
});
