import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyPlatinumBody } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import {
  callsTo,
  onchain,
  purchase,
  renderMarket,
  TREASURY,
  TX_HASH,
  WALLET,
} from './test-fixtures';
import { NO_WALLET } from './use-platinum-purchase';

interface WalletRequest {
  method: string;
  params?: unknown;
}

/** An injected EIP-1193 wallet on `chainId` that records its requests. */
function fakeWallet(chainId = '0x539', overrides: Record<string, () => unknown> = {}) {
  const requests: WalletRequest[] = [];
  const ethereum = {
    request: vi.fn(async (request: WalletRequest) => {
      requests.push(request);
      const override = overrides[request.method];
      if (override) return override();
      switch (request.method) {
        case 'eth_requestAccounts':
          return [WALLET];
        case 'eth_chainId':
          return chainId;
        case 'eth_sendTransaction':
          return TX_HASH;
        default:
          throw Object.assign(new Error(`Unsupported ${request.method}`), { code: 4200 });
      }
    }),
  };
  vi.stubGlobal('ethereum', ethereum);
  return requests;
}

const pending = (have: number) =>
  purchase(9, {
    status: 'pending',
    confirmedAt: null,
    txHash: TX_HASH,
    confirmations: { have, need: 2 },
  });

const buy550 = () => screen.findByRole('button', { name: 'Buy 550 Platinum for 0.05 ETH' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Buy Platinum Coin on chain', () => {
  it('pays the treasury from the wallet, waits for confirmations, then shows the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const requests = fakeWallet();
    let platinum = 10;
    const reads = [pending(1), pending(1), purchase(9, { txHash: TX_HASH })];
    const { calls } = renderMarket('/marketplace', {
      offers: onchain(),
      platinum: () => platinum,
      routes: {
        'POST /market/platinum': () => json(pending(1), 202),
        'GET /market/purchases/9': () => {
          const next = reads.shift()!;
          if (next.status === 'confirmed') platinum += 550;
          return json(next);
        },
      },
    });
    expect(await screen.findByText(/Pay in ETH on chain 1337/)).toBeTruthy();
    await screen.findByText('Your Platinum: 10');
    await user.click(await buy550());

    expect(await screen.findByText('Waiting for confirmations (1/2)')).toBeTruthy();
    const sent = requests.find((request) => request.method === 'eth_sendTransaction');
    expect(sent?.params).toEqual([
      { from: WALLET, to: TREASURY, value: '0x' + (5n * 10n ** 16n).toString(16) },
    ]);
    expect((sent?.params as { value: string }[])[0]!.value).toBe('0xb1a2bc2ec50000');
    expect(requests.map((request) => request.method)).not.toContain('wallet_switchEthereumChain');
    const [posted] = callsTo(calls, 'POST', '/market/platinum');
    expect(posted!.body).toMatchObject({ packageId: 'platinum-550', txHash: TX_HASH });
    expect((posted!.body as BuyPlatinumBody).idempotencyKey.length).toBeGreaterThanOrEqual(8);
    // Every Buy waits while a purchase is under way.
    expect(
      (screen.getByRole('button', { name: 'Buy 100 Platinum for 0.01 ETH' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    // Polled about every 2 s, not before.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(callsTo(calls, 'GET', '/market/purchases/9')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(callsTo(calls, 'GET', '/market/purchases/9')).toHaveLength(1));
    expect(screen.getByText('Waiting for confirmations (1/2)')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(callsTo(calls, 'GET', '/market/purchases/9')).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(2100));

    expect(await screen.findByText('Purchase confirmed')).toBeTruthy();
    expect(await screen.findByText('Your Platinum: 560')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/market/purchases/9')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(callsTo(calls, 'GET', '/market/purchases/9')).toHaveLength(3);
  });

  it('shows a later refusal of a pending payment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeWallet();
    renderMarket('/marketplace', {
      offers: onchain(),
      routes: {
        'POST /market/platinum': () => json(pending(0), 202),
        'GET /market/purchases/9': () =>
          json(
            purchase(9, {
              status: 'refused',
              confirmedAt: null,
              refusal: { code: 'TX_FAILED', message: 'This transaction failed on the chain.' },
            }),
          ),
      },
    });
    await user.click(await buy550());
    expect(await screen.findByText('Waiting for confirmations (0/2)')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await screen.findByText('Payment refused')).toBeTruthy();
    expect(screen.getByText('This transaction failed on the chain.')).toBeTruthy();
  });

  it("shows the server's WRONG_SENDER message", async () => {
    const user = userEvent.setup();
    fakeWallet();
    renderMarket('/marketplace', {
      offers: onchain(),
      routes: {
        'POST /market/platinum': () => ({
          status: 409,
          body: {
            statusCode: 409,
            code: 'WRONG_SENDER',
            field: 'txHash',
            message: `This transaction was sent from ${WALLET}, not from the wallet you registered with.`,
          },
        }),
      },
    });
    await user.click(await buy550());
    expect(
      await screen.findByText(
        `This transaction was sent from ${WALLET}, not from the wallet you registered with.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('retries a transaction the node does not know yet without paying again', async () => {
    const user = userEvent.setup();
    const requests = fakeWallet();
    let answers = 0;
    const { calls } = renderMarket('/marketplace', {
      offers: onchain(),
      routes: {
        'POST /market/platinum': () =>
          answers++ === 0
            ? {
                status: 400,
                body: { statusCode: 400, code: 'TX_NOT_FOUND', message: 'Not known yet.' },
              }
            : json(purchase(9, { txHash: TX_HASH })),
      },
    });
    await user.click(await buy550());
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Purchase confirmed')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1);
    const bodies = callsTo(calls, 'POST', '/market/platinum').map((c) => c.body);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('asks the wallet to switch chains, and says so when it stays on another chain', async () => {
    const user = userEvent.setup();
    const requests = fakeWallet('0x1', {
      wallet_switchEthereumChain: () => {
        throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
      },
    });
    const { calls } = renderMarket('/marketplace', { offers: onchain() });
    await user.click(await buy550());
    expect(
      await screen.findByText(
        'Your wallet is on chain 1, and payments are made on chain 1337. Switch your wallet to chain 1337 and try again.',
      ),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'wallet_switchEthereumChain')?.params).toEqual([
      { chainId: '0x539' },
    ]);
    expect(requests.map((r) => r.method)).not.toContain('eth_sendTransaction');
    expect(callsTo(calls, 'POST', '/market/platinum')).toHaveLength(0);
  });

  it('says when the player declines in the wallet', async () => {
    const user = userEvent.setup();
    fakeWallet('0x539', {
      eth_sendTransaction: () => {
        throw Object.assign(new Error('User rejected'), { code: 4001 });
      },
    });
    renderMarket('/marketplace', { offers: onchain() });
    await user.click(await buy550());
    expect(
      await screen.findByText('You declined the request in your wallet. Nothing was paid.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says clearly when there is no wallet', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('ethereum', undefined);
    const { calls } = renderMarket('/marketplace', { offers: onchain() });
    await user.click(await buy550());
    expect(await screen.findByText(NO_WALLET)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/market/platinum')).toHaveLength(0);
  });
});
