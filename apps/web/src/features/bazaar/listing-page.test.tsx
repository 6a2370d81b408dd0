import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListingDetails } from '@aleph/contracts';
import { formatMessageDate } from '@aleph/rules';
import { fakeFetch, json } from '../../test/fake-fetch';
import { makeLand } from '../../test/game-data';
import { renderRoutes, signedInStore } from '../../test/render';
import { ListingPage } from './listing-page';
import { details, FEATURES, HISTORY } from './test-listings';

vi.setConfig({ testTimeout: 20_000 });

const AUCTION = details({
  id: 12,
  price: 1000,
  auction: { startPrice: 800, buyNow: 3000, currentBid: 1000, bids: 2, minNextBid: 1050, days: 3 },
  bidHistory: [
    { amount: 1000, at: '2026-11-27T11:00:00.000Z', bidder: { profileid: 5, nickname: 'Falcon' } },
    { amount: 800, at: '2026-11-27T10:30:00.000Z', bidder: { profileid: 6, nickname: 'Otter' } },
  ],
});

const GOODS = details({
  id: 20,
  kind: 'goods',
  title: '40 x Tower Stone',
  price: 800,
  quantity: 40,
  item: 'TOWER_STONE',
  rarity: null,
  element: null,
  level: null,
  skills: null,
  heroid: null,
  hero: null,
});

const refusal = (code: string, message: string, field?: string) =>
  json({ statusCode: 409, error: 'Conflict', code, message, ...(field ? { field } : {}) }, 409);

function renderListing(listing: ListingDetails, routes: Parameters<typeof fakeFetch>[0] = {}) {
  let current = listing;
  const server = fakeFetch({
    'GET /athar/features': () => json(FEATURES),
    [`GET /souq/bazaar/listings/${listing.id}`]: () => json(current),
    'GET /souq/bazaar/prices': () => json(HISTORY),
    'GET /ard/lands': () =>
      json([makeLand(3, { name: 'Mistmere' }), makeLand(4, { name: 'Dunmoor' })]),
    ...routes,
  });
  renderRoutes(
    [{ path: '/bazaar/:id', Component: ListingPage }],
    `/bazaar/${listing.id}`,
    signedInStore(),
  );
  return { ...server, change: (next: ListingDetails) => (current = next) };
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('listing page', () => {
  it("shows a hero's skills with base and upskills, and the price history for its rarity", async () => {
    const { calls } = renderListing(details());
    const table = await screen.findByRole('table', { name: 'Skills' });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual(['Mastery', '40', '+2', '42']);
    expect(cells(rows[8]!)).toEqual(['Strength', '44', '+3', '47']);
    const prices = await screen.findByRole('region', {
      name: 'Median price (gold) per day, last 30 days',
    });
    // The charts' own chunk arrives after the numbers.
    await waitFor(() => expect(prices.querySelectorAll('svg').length).toBeGreaterThanOrEqual(2));
    expect(
      calls.some((c) => c.path === '/souq/bazaar/prices?kind=hero&rarity=2&currency=gold'),
    ).toBe(true);
    expect(screen.getByText('Sales in these days').nextElementSibling!.textContent).toBe('20');
  });

  it("prefills 'Your bid' with the minimum next bid, posts the bid, and shows a refusal in the server's words", async () => {
    let bids = 0;
    const { calls } = renderListing(AUCTION, {
      'POST /souq/bazaar/listings/12/bids': () => {
        bids += 1;
        return bids === 1
          ? refusal('BID_TOO_LOW', 'The lowest bid now is 1,155 gold.', 'amount')
          : json({ listing: AUCTION, gold: 100, platinum: 0 });
      },
    });
    const field = (await screen.findByLabelText('Your bid')) as HTMLInputElement;
    expect(field.value).toBe('1050');
    expect(screen.getByText('Minimum next bid').nextElementSibling!.textContent).toBe('1,050 gold');
    const history = screen.getByRole('table', { name: 'Bid history' });
    expect(cells(within(history).getAllByRole('row')[1]!).slice(0, 2)).toEqual([
      'Falcon',
      '1,000 gold',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('The lowest bid now is 1,155 gold.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ amount: 1050 });
    // Below the minimum the form does not send at all.
    await userEvent.clear(field);
    await userEvent.type(field, '900');
    expect((screen.getByRole('button', { name: 'Place bid' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.clear(field);
    await userEvent.type(field, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('Your bid of 1,200 gold leads.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { amount: 1050 },
      { amount: 1200 },
    ]);
    expect(screen.getByRole('button', { name: 'Buy now for 3,000 gold' })).toBeTruthy();
  });

  it('buys goods onto the land the player chose, after a confirm, and refetches the listing', async () => {
    const sold = {
      ...GOODS,
      status: 'sold' as const,
      salePrice: 800,
      closedAt: '2026-11-27T12:00:00.000Z',
    };
    const server = renderListing(GOODS, {
      'POST /souq/bazaar/listings/20/buy': () => {
        server.change(sold);
        return json({ listing: sold, gold: 0, platinum: 0 });
      },
    });
    const land = await screen.findByLabelText('Land for the goods');
    await waitFor(() => expect((land as HTMLSelectElement).value).toBe('3'));
    await userEvent.selectOptions(land, 'Dunmoor');
    await userEvent.click(screen.getByRole('button', { name: 'Buy for 800 gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 40 x Tower Stone?' });
    expect(within(dialog).getByText(/You pay 800 gold/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('You bought 40 x Tower Stone for 800 gold.')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ landid: 4 });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const on = formatMessageDate(Date.parse(sold.closedAt), zone);
    expect(await screen.findByText(`Sold for 800 gold on ${on}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Buy for/ })).toBeNull();
  });

  it("shows a refused purchase in the server's words and changes nothing on the page", async () => {
    renderListing(details(), {
      'POST /souq/bazaar/listings/7/buy': () =>
        refusal('NOT_ENOUGH_GOLD', 'You need 1,200 gold; you have 300.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy for 1,200 gold' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy' }),
    );
    expect(await screen.findByText('You need 1,200 gold; you have 300.')).toBeTruthy();
    // The confirm dialog closes with a transition; until it is gone the page behind it is hidden
    // from assistive technology, so wait for it rather than read the page at once.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Buy for 1,200 gold' })).toBeTruthy();
  });

  it('lets the seller cancel a fixed-price listing after a confirm', async () => {
    const cancelled = details({ mine: true, status: 'cancelled' });
    const server = renderListing(details({ mine: true }), {
      'DELETE /souq/bazaar/listings/7': () => {
        server.change(cancelled);
        return json({ listing: cancelled, gold: 0, platinum: 0 });
      },
    });
    expect(await screen.findByText('This is your listing.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
    expect(
      screen.getByText(
        'Listing fee paid: 12 gold. Sold at 1,200 gold, the sale fee would be 60 gold.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this listing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('keeps a seller from cancelling an auction with bids', async () => {
    renderListing({ ...AUCTION, mine: true });
    expect(await screen.findByText('An auction with a bid cannot be cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel listing' })).toBeNull();
  });

  it('says the lock below level two instead of the bid form', async () => {
    renderListing(AUCTION, { 'GET /athar/features': () => json(['profileLevel1']) });
    expect(
      await screen.findByText('You need to upgrade your profile to at least level two.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your bid')).toBeNull();
  });

  it('shows a land: position, production, and what it holds by element', async () => {
    const land = details({
      id: 30,
      kind: 'land',
      title: 'Mistmere',
      rarity: null,
      element: 2,
      terrain: 1,
      level: null,
      skills: null,
      heroid: null,
      landid: 44,
      hero: null,
      land: {
        landid: 44,
        name: 'Mistmere',
        continent: 1,
        x: 120,
        y: 45,
        terrain: 1,
        element: 2,
        goldPerDay: 240,
        towers: [1, 0, 3, 0],
        seals: [0, 0, 2, 0],
        vaults: [10, 0, 2500.4, 0],
        shards: [0, 0, 7, 0],
        items: [{ code: 'TOWER_STONE', name: 'Tower Stone', count: 5 }],
      },
    });
    const { calls } = renderListing(land);
    const region = await screen.findByRole('region', { name: 'Land' });
    expect(within(region).getByText('Coordinates').nextElementSibling!.textContent).toContain(
      '(120, 45)',
    );
    expect(within(region).getByText('Continent').nextElementSibling!.textContent).toBe('Beth');
    expect(within(region).getByText('Gold per day').nextElementSibling!.textContent).toBe('240');
    const water = within(region).getAllByRole('row')[3]!;
    expect(cells(water).slice(0, 2).concat(cells(water).slice(3))).toEqual([
      'Water',
      '3',
      '2.5K',
      '7',
    ]);
    expect(within(region).getByText('Tower Stone').nextElementSibling!.textContent).toBe('5 x');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/souq/bazaar/prices?kind=land&terrain=1&currency=gold'),
      ).toBe(true),
    );
  });

  it('says when a listing does not exist', async () => {
    renderListing(details({ id: 99 }), {
      'GET /souq/bazaar/listings/99': () =>
        json(
          {
            statusCode: 404,
            error: 'Not Found',
            code: 'LISTING_NOT_FOUND',
            message: 'No such listing.',
          },
          404,
        ),
    });
    expect(await screen.findByText('Listing not found')).toBeTruthy();
  });
});
