import { useCallback, useState } from 'react';
import { getEthereum } from '../../lib/ethereum';
import type { WalletSignature } from '../../lib/siwe-registration';
import { useLazyGetNonceQuery } from './auth-endpoints';

export type WalletState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'missing' }
  | ({ status: 'connected' } & WalletSignature);

/**
 * Connect Wallet: account, chain, a fresh server nonce, then the wallet signs the EIP-4361
 * registration message. A failed connection is only logged (docs/screens.md).
 */
export function useWalletSignature() {
  const [wallet, setWallet] = useState<WalletState>({ status: 'idle' });
  const [getNonce] = useLazyGetNonceQuery();

  const connect = useCallback(async () => {
    const ethereum = getEthereum();
    if (!ethereum) {
      setWallet({ status: 'missing' });
      return;
    }
    setWallet({ status: 'connecting' });
    try {
      const { signRegistration } = await import('../../lib/siwe-registration');
      const signed = await signRegistration(ethereum, async () => {
        const { nonce } = await getNonce(undefined, false).unwrap();
        return nonce;
      });
      setWallet({ status: 'connected', ...signed });
    } catch (error) {
      console.error('Wallet connection failed', error);
      setWallet({ status: 'idle' });
    }
  }, [getNonce]);

  /** Nonces are single use: after a refused registration the player signs again. */
  const reset = useCallback(() => setWallet({ status: 'idle' }), []);

  return { wallet, connect, reset };
}
