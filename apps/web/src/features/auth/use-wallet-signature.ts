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
 * registration message (or, with RESTORE_STATEMENT, the restore message). A failed connection
 * is only logged (docs/screens.md).
 */
export function useWalletSignature(statement?: string) {
  const [wallet, setWallet] = useState<WalletState>({ status: 'idle' });
  const [getNonce] = useLazyGetNonceQuery();

  /** Resolves to the state it ends in, for a caller that goes on at once (the restore form). */
  const connect = useCallback(async (): Promise<WalletState> => {
    const set = (state: WalletState) => {
      setWallet(state);
      return state;
    };
    const ethereum = getEthereum();
    if (!ethereum) return set({ status: 'missing' });
    setWallet({ status: 'connecting' });
    try {
      const { signRegistration } = await import('../../lib/siwe-registration');
      const signed = await signRegistration(
        ethereum,
        async () => {
          const { nonce } = await getNonce(undefined, false).unwrap();
          return nonce;
        },
        undefined,
        statement,
      );
      return set({ status: 'connected', ...signed });
    } catch (error) {
      console.error('Wallet connection failed', error);
      return set({ status: 'idle' });
    }
  }, [getNonce, statement]);

  /** Nonces are single use: after a refused registration the player signs again. */
  const reset = useCallback(() => setWallet({ status: 'idle' }), []);

  return { wallet, connect, reset };
}
