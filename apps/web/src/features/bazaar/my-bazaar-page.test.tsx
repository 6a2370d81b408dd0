import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MINE } from '../../test/bazaar-mine';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { MyBazaarPage } from './my-bazaar-page';

vi.setConfig({ testTimeout: 20_000 });

const render = (mine: () => ReturnType<typeof json>) => {
  fakeFetch({ 'GET /souq/bazaar/mine': mine });
  renderRoutes(
    [{ path: '/bazaar/mine', Component: MyBazaarPage }],
    '/bazaar/mine',
    signedInStore(),
  );
};

/** Each body row's cells, as the player reads them. */
async function rows(name: string) {
  const table = await screen.findByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('My Bazaar', () => {
  it('lists my listings open first with the fee paid and the time left, each linked', async () => {
    render(() => json(MINE));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bazaar' })).toBeTruthy();
    const listed = await rows('My listings');
    expect(listed.map((cells) => cells[0])).toEqual([
      'ZaraHero, auction, 2 bids',
      '3 Air shardsGoods, fixed price',
      'OasisLand, fixed price',
    ]);
    expect(listed.map((cells) => cells[1])).toEqual([
      '300 goldCurrent bidFee paid: 2 gold',
      '1,000 goldFee paid: 10 gold',
      '1,000 goldFee paid: 5 gold',
    ]);
    expect(listed[0]?.[2]).toMatch(/^Open(1d 23|2d 0):\d\d:\d\d left$/);
    expect(listed[2]?.[2]).toBe('Cancelled');
    const table = screen.getByRole('table', { name: 'My listings' });
    expect(within(table).getByRole('link', { name: 'Zara' }).getAttribute('href')).toBe(
      '/bazaar/11',
    );
  });

  it('says of each bid whether it leads and is held, was outbid and released, or won', async () => {
    render(() => json(MINE));
    const bids = await rows('My bids');
    expect(bids.map((cells) => [cells[1], cells[2]])).toEqual([
      ['400 goldLeads: 1,000 gold', 'Leading, held'],
      ['600 goldLeads: 630 gold', 'Outbid, released'],
      ['1,000 goldEnded at: 1,000 gold', 'Won'],
    ]);
  });

  it('shows purchases and sales with the price, both fees, the proceeds, who and when', async () => {
    render(() => json(MINE));
    const [bought] = await rows('Purchases');
    expect(bought?.[0]).toBe('Fire Seal x4From omar');
    expect(bought?.[1]).toBe('1,000 goldSale fee: 50 goldListing fee: 10 goldProceeds: 950 gold');
    expect(bought?.[2]).toMatch(/^Nov 2[12], \d\d:\d\d$/);
    const [sold] = await rows('Sales');
    expect(sold?.[0]).toBe('CaelTo lina');
    const sales = screen.getByRole('table', { name: 'Sales' });
    expect(within(sales).getByRole('link', { name: 'Cael' }).getAttribute('href')).toBe(
      '/bazaar/30',
    );
  });

  it('says when a section is empty', async () => {
    render(() => json({ listings: [], bids: [], purchases: [], sales: [] }));
    expect(
      await screen.findByText('You have no listings. Sell a hero, a land or goods from its page.'),
    ).toBeTruthy();
    expect(screen.getByText('You have no bids.')).toBeTruthy();
    expect(screen.getByText('You have bought nothing yet.')).toBeTruthy();
    expect(screen.getByText('You have sold nothing yet.')).toBeTruthy();
  });

  it('says when My Bazaar cannot be read', async () => {
    render(() => json({ message: 'Unavailable' }, 503));
    expect(await screen.findByText('Failed to load My Bazaar')).toBeTruthy();
  });
});
