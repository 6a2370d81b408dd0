import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListingPage } from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { BazaarPage } from './bazaar-page';
import { summary } from './test-listings';

vi.setConfig({ testTimeout: 20_000 });

const FIRST: ListingPage = {
  listings: [
    summary(),
    summary({
      id: 8,
      kind: 'goods',
      title: '40 x Tower Stone',
      price: 800,
      quantity: 40,
      rarity: null,
      element: null,
      level: null,
      skills: null,
      item: 'TOWER_STONE',
      heroid: null,
      currency: 'platinum',
      auction: {
        startPrice: 500,
        buyNow: null,
        currentBid: 800,
        bids: 3,
        minNextBid: 840,
        days: 3,
      },
    }),
  ],
  nextCursor: 'after-8',
};
const SECOND: ListingPage = {
  listings: [summary({ id: 9, title: 'Oriel', price: 2000 })],
  nextCursor: null,
};

/** The search calls' queries, as the server would read them. */
const searches = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.path.startsWith('/souq/bazaar/listings'))
    .map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));

function renderBazaar(
  path = '/bazaar',
  page = (call: RecordedCall) => json(call.path.includes('cursor=after-8') ? SECOND : FIRST),
) {
  const fetched = fakeFetch({ 'GET /souq/bazaar/listings': page });
  const rendered = renderRoutes(
    [
      { path: '/bazaar', Component: BazaarPage },
      { path: '/bazaar/:id', element: <p>Listing page here</p> },
      { path: '/bazaar/mine', element: <p>My Bazaar here</p> },
    ],
    path,
    signedInStore(),
  );
  return { ...fetched, ...rendered };
}

describe('Bazaar page', () => {
  it('shows each listing as a card: price, auction state, and a way to its page', async () => {
    renderBazaar();
    const list = await screen.findByRole('list', { name: 'Listings' });
    const [hero, goods] = [...list.children] as HTMLElement[];
    expect(hero!.textContent).toContain('Rare · Fire · Level 3');
    expect(hero!.textContent).toContain('1,200 gold');
    expect(within(hero!).getByTitle('Strength').parentElement!.textContent).toBe('Str 44');
    expect(within(hero!).getByRole('link', { name: 'Buy Kaelen' }).getAttribute('href')).toBe(
      '/bazaar/7',
    );
    expect(goods!.textContent).toContain('Current bid: 800 platinum');
    expect(goods!.textContent).toContain('3 bids');
    expect(within(goods!).getByRole('timer')).toBeTruthy();
    expect(within(goods!).queryByRole('link', { name: /^Buy/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'My Bazaar' }).getAttribute('href')).toBe(
      '/bazaar/mine',
    );
  });

  it("writes each filter into the URL and the search query, and drops a kind's own filters with it", async () => {
    const { calls, router } = renderBazaar();
    await screen.findByRole('list', { name: 'Listings' });
    expect(screen.queryByLabelText('Minimum Strength')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Heroes');
    await userEvent.type(await screen.findByLabelText('Minimum Strength'), '40');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'Gold');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Fixed price');
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'Price: low to high');
    await userEvent.type(screen.getByLabelText('Max price'), '5000');
    const wanted = {
      kind: 'hero',
      minStrength: '40',
      currency: 'gold',
      auction: 'false',
      sort: 'price',
      maxPrice: '5000',
    };
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(wanted),
    );
    await waitFor(() => expect(searches(calls).at(-1)).toEqual(wanted));
    // Typing is sent once it pauses, not once a keystroke.
    expect(searches(calls).some((q) => q.minStrength === '4')).toBe(false);
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Goods');
    await waitFor(() => expect(router.state.location.search).not.toContain('minStrength'));
    expect(screen.queryByLabelText('Minimum Strength')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Item'), 'Skill Pot');
    await waitFor(() =>
      expect(searches(calls).at(-1)).toMatchObject({ kind: 'goods', item: 'SKILL_POT' }),
    );
    expect(searches(calls).at(-1)).not.toHaveProperty('minStrength');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Lands');
    await waitFor(() => expect(router.state.location.search).not.toContain('item'));
    expect(screen.queryByLabelText('Item')).toBeNull();
  });

  it('reads a shared link back into the fields, and the back button undoes a change', async () => {
    const { calls, router } = renderBazaar('/bazaar?kind=hero&minMastery=30&sort=ending&rarity=9');
    await screen.findByRole('list', { name: 'Listings' });
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('hero');
    expect((screen.getByLabelText('Minimum Mastery') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('ending');
    // A value the server would refuse (rarity 9) is not sent.
    expect(searches(calls)[0]).toEqual({ kind: 'hero', minMastery: '30', sort: 'ending' });
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'Newest');
    await waitFor(() => expect(router.state.location.search).not.toContain('sort'));
    await router.navigate(-1);
    await waitFor(() =>
      expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('ending'),
    );
  });

  it("'Load more' asks for the next page by its cursor and adds it below", async () => {
    const { calls } = renderBazaar();
    const list = await screen.findByRole('list', { name: 'Listings' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByRole('link', { name: 'Oriel' });
    expect(searches(calls).at(-1)).toEqual({ cursor: 'after-8' });
    expect(within(list).getByRole('link', { name: 'Kaelen' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says so when nothing matches, and explains where selling starts', async () => {
    renderBazaar('/bazaar?kind=land', () => json({ listings: [], nextCursor: null }));
    expect(await screen.findByText('No listing matches these filters.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByRole('link', { name: 'your heroes' })).toBeTruthy();
    expect(screen.getByText(/Listing costs a fee of 1 % of the price/)).toBeTruthy();
  });
});
