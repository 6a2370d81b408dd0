import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyPlatinumBody } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { callsTo, purchase, renderMarket } from './test-fixtures';

const buyButton = (amount: string) =>
  screen.findByRole('button', { name: new RegExp(`^Buy ${amount} Platinum for`) });

describe('Buy Platinum Coin with the sandbox provider', () => {
  it('shows the packages with their amount, bonus and price in ETH', async () => {
    renderMarket('/marketplace', { platinum: 40 });
    const list = await screen.findByRole('list', { name: 'Platinum packages' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      '100 PlatinumNo bonus0.01 ETHBuy',
      '550 Platinum+10% bonus0.05 ETHBuy',
      '1,200 Platinum+20% bonus0.1 ETHBuy',
    ]);
    expect(
      within(list).getByRole('button', { name: 'Buy 550 Platinum for 0.05 ETH' }),
    ).toBeTruthy();
    expect(await screen.findByText('Your Platinum: 40')).toBeTruthy();
    expect(screen.getByText(/Test payments/)).toBeTruthy();
  });

  it('buys at once, shows the confirmation and the new balance, and lists the purchase', async () => {
    const user = userEvent.setup();
    let platinum = 40;
    let history = [purchase(1, { kind: 'mint_hero', platinum: -50, packageId: null })];
    const { calls } = renderMarket('/marketplace', {
      platinum: () => platinum,
      purchases: () => history,
      routes: {
        'POST /market/platinum': () => {
          platinum += 550;
          history = [purchase(2), ...history];
          return json(purchase(2));
        },
      },
    });
    await screen.findByText('Your Platinum: 40');
    await user.click(await buyButton('550'));

    expect(await screen.findByText('Purchase confirmed')).toBeTruthy();
    expect(screen.getByText('550 Platinum added to your treasury.')).toBeTruthy();
    expect(await screen.findByText('Your Platinum: 590')).toBeTruthy();
    const [posted] = callsTo(calls, 'POST', '/market/platinum');
    const body = posted!.body as BuyPlatinumBody;
    expect(body.packageId).toBe('platinum-550');
    expect(body.idempotencyKey).toMatch(/^[!-~]{8,100}$/);
    expect(body.txHash).toBeUndefined();

    const historyList = screen.getByRole('list', { name: 'Purchase history' });
    await waitFor(() => expect(within(historyList).getAllByRole('listitem')).toHaveLength(2));
    const [newest, older] = within(historyList).getAllByRole('listitem');
    expect(newest!.textContent).toContain('Platinum bought');
    expect(newest!.textContent).toContain('+550 Platinum');
    expect(newest!.textContent).toContain('Confirmed');
    expect(older!.textContent).toContain('Hero minted');
    expect(older!.textContent).toContain('\u221250 Platinum');
  });

  it('retries the same attempt with the same key, and a new purchase with a new one', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const { calls } = renderMarket('/marketplace', {
      platinum: 0,
      routes: {
        'POST /market/platinum': () => {
          if (failures-- > 0) {
            return {
              status: 503,
              body: {
                statusCode: 503,
                code: 'PAYMENT_UNAVAILABLE',
                message: 'The payment network cannot be reached right now.',
              },
            };
          }
          return json(purchase(7, { platinum: 100, packageId: 'platinum-100' }));
        },
      },
    });
    await user.click(await buyButton('100'));
    expect(await screen.findByText('Could not buy 100 Platinum')).toBeTruthy();
    expect(screen.getByText('The payment network cannot be reached right now.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Purchase confirmed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await buyButton('100'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/market/platinum')).toHaveLength(3));
    const keys = callsTo(calls, 'POST', '/market/platinum').map(
      (call) => (call.body as BuyPlatinumBody).idempotencyKey,
    );
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows a refusal with the server message and no retry', async () => {
    const user = userEvent.setup();
    renderMarket('/marketplace', {
      routes: {
        'POST /market/platinum': () => ({
          status: 409,
          body: {
            statusCode: 409,
            code: 'IDEMPOTENCY_MISMATCH',
            message: 'This purchase key was already used for a different purchase.',
            field: 'idempotencyKey',
          },
        }),
      },
    });
    await user.click(await buyButton('1,200'));
    expect(
      await screen.findByText('This purchase key was already used for a different purchase.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/already used/)).toBeNull();
  });

  it('says so when there are no purchases yet', async () => {
    renderMarket('/marketplace');
    expect(await screen.findByText('No purchases yet.')).toBeTruthy();
  });
});
