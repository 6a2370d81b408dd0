import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fake-fetch';
import { listingKeys, made, renderSeller, sellDialog } from '../../test/bazaar-sell';

vi.setConfig({ testTimeout: 20_000 });

const posts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('the sell dialog', () => {
  it('shows the fees of the price typed, in its currency, and lists the hero with a key', async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = renderSeller('/heroes/3');
    await user.click(await screen.findByRole('button', { name: 'Sell on the Bazaar' }));
    const dialog = await sellDialog();
    expect(dialog.getByText('Cael')).toBeTruthy();
    const fees = dialog.getByRole('group', { name: 'Fees' });
    expect(fees.textContent).toContain('Listing costs 1 % of the price');

    await user.type(dialog.getByRole('textbox', { name: 'Price' }), '1234');
    // The rules' whole-unit fees: 1 % and 5 % rounded up, never the bare products.
    expect(fees.textContent).toContain(
      'Listing fee: 13 gold (1 % of the price), paid now and not refunded.',
    );
    expect(fees.textContent).toContain(
      'Sale fee: 62 gold (5 %), kept from the price: you receive 1,172 gold.',
    );
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Currency' }), 'Platinum');
    expect(fees.textContent).toContain('Listing fee: 13 platinum');

    await user.click(dialog.getByRole('button', { name: 'List on the Bazaar' }));
    expect(await screen.findByRole('heading', { name: 'Listing 42' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls)).toEqual([{ kind: 'hero', heroid: 3, currency: 'platinum', price: 1234 }]);
    const [key] = listingKeys(fetchMock);
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('checks an auction of goods before sending it and sends its terms', async () => {
    const user = userEvent.setup();
    const { calls } = renderSeller('/lands/7?tab=inventory');
    await user.click(await screen.findByRole('button', { name: 'Sell Fire Seal on the Bazaar' }));
    const dialog = await sellDialog();
    const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
    expect(dialog.getByText('This land holds 4.')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(dialog.getByText('Enter a quantity from 1 to 4.')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '3');

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Sale type' }), 'Auction');
    await user.type(dialog.getByRole('textbox', { name: 'Start price' }), '100');
    const buyNow = dialog.getByRole('textbox', { name: 'Buy-now price (optional)' });
    await user.type(buyNow, '90');
    expect(dialog.getByText('The buy-now price must be above the start price.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'List on the Bazaar' }));
    expect(posts(calls)).toEqual([]); // nothing sent while a field is wrong

    await user.clear(buyNow);
    await user.type(buyNow, '500');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Duration' }), '7 days');
    const fees = dialog.getByRole('group', { name: 'Fees' });
    expect(fees.textContent).toContain('Listing fee: 1 gold (1 % of the start price)');
    expect(fees.textContent).toContain(
      'Sold at the start price, the sale fee is 5 gold (5 %) and you receive 95 gold; more if the bids go higher.',
    );
    await user.click(dialog.getByRole('button', { name: 'List on the Bazaar' }));
    expect(await screen.findByRole('heading', { name: 'Listing 42' })).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        kind: 'goods',
        landid: 7,
        item: 'SEAL_FIRE',
        quantity: 3,
        currency: 'gold',
        auction: { startPrice: 100, buyNow: 500, days: 7 },
      },
    ]);
  });

  it('says a refusal in words, at its field when it names one; only an unanswered try keeps its key', async () => {
    const user = userEvent.setup();
    const answers = [
      () =>
        json({ statusCode: 409, error: 'Conflict', code: 'LAST_HERO', message: 'LAST_HERO' }, 409),
      () =>
        json(
          {
            statusCode: 400,
            error: 'Bad Request',
            code: 'VALIDATION',
            message: 'The buy-now price must exceed the start price.',
            field: 'auction.buyNow',
          },
          400,
        ),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => made(43),
    ];
    const { fetchMock } = renderSeller('/heroes/3', { list: () => answers.shift()!() });
    await user.click(await screen.findByRole('button', { name: 'Sell on the Bazaar' }));
    const dialog = await sellDialog();
    await user.type(dialog.getByRole('textbox', { name: 'Price' }), '500');
    const list = dialog.getByRole('button', { name: 'List on the Bazaar' });

    await user.click(list);
    expect(await dialog.findByText('You cannot sell your last hero.')).toBeTruthy();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Sale type' }), 'Auction');
    // The price typed stays as the start price.
    const start = dialog.getByRole('textbox', { name: 'Start price' });
    expect(start).toHaveProperty('value', '500');
    await user.clear(start);
    await user.type(start, '100');
    await user.type(dialog.getByRole('textbox', { name: 'Buy-now price (optional)' }), '900');
    await user.click(list);
    const buyNow = dialog.getByRole('textbox', { name: 'Buy-now price (optional)' });
    expect(await dialog.findByText('The buy-now price must exceed the start price.')).toBeTruthy();
    expect(buyNow.getAttribute('aria-invalid')).toBe('true');

    await user.click(list);
    expect(await dialog.findByText(/Check your connection and try again\./)).toBeTruthy();
    await user.click(list);
    expect(await screen.findByRole('heading', { name: 'Listing 43' })).toBeTruthy();

    const keys = listingKeys(fetchMock);
    expect(keys).toHaveLength(4);
    // Refused requests were answered: the next try is a new request with a new key. The try
    // that got no answer is sent again with its key, so the server lists it once.
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[2]);
  });
});
