import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { fakeFetch, json } from '../../test/fake-fetch';
import { makeLand } from '../../test/game-data';
import { renderRoutes, signedInStore } from '../../test/render';
import { BazaarPage } from './bazaar-page';
import { ListingPage } from './listing-page';
import { details, FEATURES, HISTORY, summary } from './test-listings';

vi.setConfig({ testTimeout: 30_000 });

async function seriousViolations(container: HTMLElement) {
  // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

function render(path: string) {
  fakeFetch({
    'GET /athar/features': () => json(FEATURES),
    'GET /souq/bazaar/listings': () =>
      json({
        listings: [
          summary(),
          summary({
            id: 8,
            auction: {
              startPrice: 5,
              buyNow: null,
              currentBid: null,
              bids: 0,
              minNextBid: 5,
              days: 1,
            },
          }),
        ],
        nextCursor: 'n',
      }),
    'GET /souq/bazaar/listings/12': () =>
      json(
        details({
          id: 12,
          auction: {
            startPrice: 800,
            buyNow: 3000,
            currentBid: 1000,
            bids: 1,
            minNextBid: 1050,
            days: 3,
          },
          bidHistory: [
            {
              amount: 1000,
              at: '2026-11-27T11:00:00.000Z',
              bidder: { profileid: 5, nickname: 'Falcon' },
            },
          ],
        }),
      ),
    'GET /souq/bazaar/prices': () => json(HISTORY),
    'GET /ard/lands': () => json([makeLand(3)]),
  });
  return renderRoutes(
    [
      { path: '/bazaar', Component: BazaarPage },
      { path: '/bazaar/:id', Component: ListingPage },
    ],
    path,
    signedInStore(),
  );
}

describe('Bazaar accessibility (axe)', () => {
  it('the search with its hero filters and cards has no serious or critical violations', async () => {
    const { container } = render('/bazaar?kind=hero');
    await screen.findByRole('list', { name: 'Listings' });
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    await screen.findByRole('link', { name: 'your lands' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('an auction with its bid form, history and chart has no serious or critical violations', async () => {
    const { container } = render('/bazaar/12');
    await screen.findByLabelText('Your bid');
    const prices = await screen.findByRole('region', { name: /Median price/ });
    await waitFor(() => expect(prices.querySelector('svg')).not.toBeNull());
    expect(await seriousViolations(container)).toEqual([]);
  });
});
