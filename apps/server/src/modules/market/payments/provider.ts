import type { PaymentConfig } from '../../../config.js';
import { createOnchainProvider } from './onchain.js';
import { sandboxProvider } from './sandbox.js';
import type { PaymentProvider } from './types.js';

/** The provider PAYMENT_PROVIDER names (docs/operations.md, Payments). */
export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  if (config.provider === 'sandbox') return sandboxProvider;
  const { chainRpcUrl, chainId, treasuryAddress, confirmations } = config;
  if (!chainRpcUrl || !chainId || !treasuryAddress)
    throw new Error('the onchain payment provider needs CHAIN_RPC_URL, CHAIN_ID, TREASURY_ADDRESS');
  return createOnchainProvider({ rpcUrl: chainRpcUrl, chainId, treasuryAddress, confirmations });
}
