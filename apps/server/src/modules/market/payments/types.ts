import type { MarketErrorCode, PaymentSetup } from '@aleph/contracts';

// What a payment provider is, apart from the factory in provider.ts, so the providers can
// import it without an import cycle.

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

/** Why a payment is refused: the market's error codes that a provider can give. */
export type RefusalCode = Extract<
  MarketErrorCode,
  | 'TX_HASH_REQUIRED'
  | 'TX_NOT_FOUND'
  | 'TX_FAILED'
  | 'WRONG_SENDER'
  | 'WRONG_RECIPIENT'
  | 'AMOUNT_TOO_LOW'
  | 'WRONG_CHAIN'
>;

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
