import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TraderQuote } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { TraderPage } from './trader-page';

const SEAL: TraderQuote = {
  kind: 'item',
  code: 'SEAL_FIRE',
  elemid: null,
  name: 'Fire Seal',
  unitSize: 1,
  buyPrice: 1500,
  sellPrice: 2250,
  referencePrice: 1500,
};
const TRADER = {
  quotes: [SEAL],
  dailyCap: 20000,
  capLeft: 20000,
  capResetsAt: '2026-11-25T00:00:00.000Z',
};
const LANDS = [{ landid: 3, name: 'Oasis' }];
const FEATURES = ['profileLevel5', 'profileLevel7', 'profileLevel8'];

const render = () =>
  renderRoutes(
    [{ path: '/marketplace/trader', Component: TraderPage }],
    '/marketplace/trader',
    signedInStore(),
  );

describe('the Greedy trader screen', () => {
  it('shows the locked text naming level seven below the gate', async () => {
    fakeFetch({ 'GET /athar/features': () => json(['profileLevel1']) });
    render();
    expect(
      await screen.findByText('You need to upgrade your profile to at least level seven.'),
    ).toBeTruthy();
  });

  it('shows a stale quote with the new price and sells when asked again', async () => {
    const sent: number[] = [];
    const { calls } = fakeFetch({
      'GET /athar/features': () => json(FEATURES),
      'GET /souq/trader': () => json(TRADER),
      'GET /ard/lands': () => json(LANDS),
      'GET /ard/lands/3/balances': () =>
        json([
          {
            itemid: 7,
            item_code: 'SEAL_FIRE',
            item_name: 'Fire Seal',
            item_type: 'item',
            balance: 4,
          },
        ]),
      'POST /souq/trader/sell': (call) => {
        const price = (call.body as { price: number }).price;
        sent.push(price);
        if (price === 1500) {
          return json(
            {
              statusCode: 409,
              error: 'Conflict',
              code: 'TRADER_STALE_QUOTE',
              message: 'The price has changed.',
              field: 'price',
              quote: { ...SEAL, buyPrice: 1470, sellPrice: 2205 },
            },
            409,
          );
        }
        return json({
          side: 'sell',
          quantity: 1,
          unitPrice: 1470,
          total: 1470,
          capLeft: 18530,
          quote: SEAL,
        });
      },
    });
    render();
    expect((await screen.findByLabelText<HTMLSelectElement>('Land')).value).toBe('3');
    expect(screen.getByLabelText<HTMLSelectElement>('Good').value).toBe('item:SEAL_FIRE');
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('1');
    // What the land can sell.
    expect(await screen.findByText('This land holds 4.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sell at 1,500 gold' }));
    const alert = await screen.findByText(/The price has changed: the trader now pays 1,470 gold/);
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Sell at 1,470',
      }),
    );
    expect(await screen.findByText('Sold 1 × Fire Seal for 1,470 gold.')).toBeTruthy();
    expect(sent).toEqual([1500, 1470]);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[1]?.body).toMatchObject({
      landid: 3,
      kind: 'item',
      code: 'SEAL_FIRE',
      quantity: 1,
    });
  });
});
