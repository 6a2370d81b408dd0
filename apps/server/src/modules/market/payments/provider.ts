import type { PaymentSetup } from '@aleph/contracts';
import type { PaymentConfig } from '../../../config.js';
import { createOnchainProvider } from './onchain.js';
import { sandboxProvider } from './sandbox.js';

/** The purchase a payment must pay for. */
export interface PaymentPurchase {
  /** Lower-case address the player registered with: the only accepted payer. */
  payer: string;
  priceWei: bigint;
}

/** What the client sends as proof of payment. */
export interface PaymentPayload {
  /** Lower-case 0x transaction hash (on-chain provider). */
  txHash: string | null;
}

/** Facts the provider saw; stored with the purchase. */
export interface PaymentFacts {
  txHash: string | null;
  chainId: number | null;
  valueWei?: string;
  blockNumber?: string;
  confirmations?: { have: number; need: number };
}

export type RefusalCode =
  | 'TX_HASH_REQUIRED'
  | 'TX_NOT_FOUND'
  | 'TX_FAILED'
  | 'WRONG_SENDER'
  | 'WRONG_RECIPIENT'
  | 'AMOUNT_TOO_LOW'
  | 'WRONG_CHAIN';

export interface PaymentRefusal {
  status: 'refused';
  code: RefusalCode;
  /** A sentence the player can read. */
  message: string;
}

export type PaymentVerdict =
  | ({ status: 'confirmed' } & PaymentFacts)
  | ({ status: 'pending' } & PaymentFacts)
  | PaymentRefusal;

/**
 * A way to pay for Platinum. `verify` is read-only and may be called any number of times for
 * one payment (a pending one is verified again when read); crediting is the caller's job.
 * It throws only when it cannot tell (the chain node is unreachable).
 */
export interface PaymentProvider {
  readonly kind: PaymentSetup['provider'];
  /** What the browser needs to pay. */
  readonly setup: PaymentSetup;
  verify(purchase: PaymentPurchase, payload: PaymentPayload): Promise<PaymentVerdict>;
}

export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  if (config.provider === 'sandbox') return sandboxProvider;
  const { chainRpcUrl, chainId, treasuryAddress, confirmations } = config;
  if (!chainRpcUrl || !chainId || !treasuryAddress)
    throw new Error('the onchain payment provider needs CHAIN_RPC_URL, CHAIN_ID, TREASURY_ADDRESS');
  return createOnchainProvider({ rpcUrl: chainRpcUrl, chainId, treasuryAddress, confirmations });
}
