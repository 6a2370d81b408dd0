import type { PaymentProvider } from './types.js';

/**
 * Confirms every payment at once, without money: for development and the demo only. The
 * configuration refuses it when NODE_ENV=production.
 */
export const sandboxProvider: PaymentProvider = {
  kind: 'sandbox',
  setup: { provider: 'sandbox', chainId: null, treasury: null, confirmations: 0 },
  verify: async () => ({ status: 'confirmed', txHash: null, chainId: null }),
};
