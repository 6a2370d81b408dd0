import { describe, expect, it, vi } from 'vitest';
import { parseWalletChainId, payWithWallet, weiToHex, WalletPaymentError } from './wallet-payment';

const HASH = `0x${'12'.repeat(32)}`;
const ORDER = { chainId: 1337, treasury: '0xtreasury', priceWei: '10000000000000000' };

function wallet(answers: Record<string, (params: unknown) => unknown>) {
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = answers[method];
    if (!answer) throw Object.assign(new Error(`Unsupported ${method}`), { code: 4200 });
    return answer(params);
  });
  return { request };
}

describe('payWithWallet', () => {
  it('sends the price in hex from the first account to the treasury', async () => {
    const ethereum = wallet({
      eth_requestAccounts: () => ['0xabc', '0xdef'],
      eth_chainId: () => '0x539',
      eth_sendTransaction: () => HASH,
    });
    await expect(payWithWallet(ethereum, ORDER)).resolves.toEqual({ from: '0xabc', txHash: HASH });
    expect(ethereum.request).toHaveBeenLastCalledWith({
      method: 'eth_sendTransaction',
      params: [{ from: '0xabc', to: '0xtreasury', value: '0x2386f26fc10000' }],
    });
  });

  it('switches the wallet to the game chain when it agrees', async () => {
    let chain = '0x1';
    const ethereum = wallet({
      eth_requestAccounts: () => ['0xabc'],
      eth_chainId: () => chain,
      wallet_switchEthereumChain: () => {
        chain = '0x539';
        return null;
      },
      eth_sendTransaction: () => HASH,
    });
    await expect(payWithWallet(ethereum, ORDER)).resolves.toMatchObject({ txHash: HASH });
  });

  it('explains a declined request, a missing account and a bad answer', async () => {
    const declined = wallet({
      eth_requestAccounts: () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
    });
    await expect(payWithWallet(declined, ORDER)).rejects.toThrow(
      'You declined the request in your wallet. Nothing was paid.',
    );
    const empty = wallet({ eth_requestAccounts: () => [] });
    await expect(payWithWallet(empty, ORDER)).rejects.toThrow('The wallet returned no account.');
    const odd = wallet({
      eth_requestAccounts: () => ['0xabc'],
      eth_chainId: () => 1337,
      eth_sendTransaction: () => 'nope',
    });
    await expect(payWithWallet(odd, ORDER)).rejects.toBeInstanceOf(WalletPaymentError);
    const broken = wallet({
      eth_requestAccounts: () => ['0xabc'],
      eth_chainId: () => '0x539',
      eth_sendTransaction: () => {
        throw new Error('insufficient funds');
      },
    });
    await expect(payWithWallet(broken, ORDER)).rejects.toThrow(
      'The wallet could not send the payment: insufficient funds',
    );
  });
});

describe('wallet numbers', () => {
  it('reads chain ids in hex or decimal and writes wei in hex', () => {
    expect(parseWalletChainId('0x539')).toBe(1337);
    expect(parseWalletChainId(1)).toBe(1);
    expect(parseWalletChainId('1337')).toBe(1337);
    expect(parseWalletChainId('0x0')).toBeUndefined();
    expect(parseWalletChainId(null)).toBeUndefined();
    expect(weiToHex('50000000000000000')).toBe('0xb1a2bc2ec50000');
    expect(weiToHex('0')).toBe('0x0');
  });
});
