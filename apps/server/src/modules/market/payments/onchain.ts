import {
  createPublicClient,
  formatEther,
  http,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
} from 'viem';
import { GAME_CONFIG } from '@aleph/rules';
import type {
  PaymentFacts,
  PaymentPayload,
  PaymentProvider,
  PaymentPurchase,
  PaymentRefusal,
  PaymentVerdict,
  RefusalCode,
} from './types.js';

export interface OnchainOptions {
  rpcUrl: string;
  chainId: number;
  /** Lower-case 0x address. */
  treasuryAddress: string;
  confirmations: number;
}

const ether = (wei: bigint) => `${formatEther(wei)} ${GAME_CONFIG.market.currencySymbol}`;

const refuse = (code: RefusalCode, message: string): PaymentRefusal => ({
  status: 'refused',
  code,
  message,
});

/**
 * Plain ether transfers from the player's registered wallet to the treasury, verified over
 * Ethereum JSON-RPC. The transaction says who paid whom how much on which chain; its receipt
 * says whether it succeeded and in which block. A payment counts once it has enough
 * confirmations (head - block + 1), so a short reorganisation cannot undo a credit.
 */
export function createOnchainProvider(options: OnchainOptions): PaymentProvider {
  // cacheTime 0: a poll must see new blocks at once, not viem's cached block number.
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout: 10_000, retryCount: 1 }),
    cacheTime: 0,
  });
  // A node's chain id never changes: asked once per process, not on every verification
  // (docs/operations.md, Payments). A failed answer is not kept, so the next payment asks again.
  let chainId: Promise<number> | undefined;
  const nodeChainId = (): Promise<number> => {
    chainId ??= client.getChainId().catch((err: unknown) => {
      chainId = undefined;
      throw err;
    });
    return chainId;
  };
  return {
    kind: 'onchain',
    setup: {
      provider: 'onchain',
      chainId: options.chainId,
      treasury: options.treasuryAddress,
      confirmations: options.confirmations,
    },
    verify: (purchase, payload) => verifyTransfer(client, nodeChainId, options, purchase, payload),
  };
}

async function verifyTransfer(
  client: PublicClient,
  nodeChainId: () => Promise<number>,
  options: OnchainOptions,
  purchase: PaymentPurchase,
  payload: PaymentPayload,
): Promise<PaymentVerdict> {
  const { chainId, treasuryAddress, confirmations: need } = options;
  if (!payload.txHash)
    return refuse('TX_HASH_REQUIRED', 'Send the hash of your payment transaction.');
  const hash = payload.txHash as Hash;
  // The node must be on the game's chain, or ether of a test network could buy Platinum.
  const nodeChain = await nodeChainId();
  if (nodeChain !== chainId)
    return refuse(
      'WRONG_CHAIN',
      `Payments are accepted on chain ${chainId} only, and the payment network answers as chain ${nodeChain}.`,
    );
  const tx = await client.getTransaction({ hash }).catch(notFoundAs(null));
  if (!tx)
    return refuse(
      'TX_NOT_FOUND',
      'This transaction is not known on the network. Check the hash, or try again in a minute.',
    );
  if (tx.chainId !== chainId)
    return refuse(
      'WRONG_CHAIN',
      `This transaction was made for chain ${tx.chainId ?? 'unknown'}; pay on chain ${chainId}.`,
    );
  const receipt = await client.getTransactionReceipt({ hash }).catch(notFoundAs(null));
  if (receipt && receipt.status !== 'success')
    return refuse('TX_FAILED', 'This transaction failed on the chain, so nothing was paid.');
  const from = (receipt?.from ?? tx.from).toLowerCase();
  if (from !== purchase.payer)
    return refuse(
      'WRONG_SENDER',
      `This transaction was sent from ${from}, not from the wallet you registered with (${purchase.payer}).`,
    );
  const to = (receipt ? receipt.to : tx.to)?.toLowerCase() ?? null;
  if (to !== treasuryAddress)
    return refuse(
      'WRONG_RECIPIENT',
      `This transaction pays ${to ?? 'no address'}, not the game's treasury (${treasuryAddress}).`,
    );
  if (tx.value < purchase.priceWei)
    return refuse(
      'AMOUNT_TOO_LOW',
      `This transaction pays ${ether(tx.value)}, less than the package's price of ${ether(purchase.priceWei)}.`,
    );
  const facts: PaymentFacts = { txHash: hash, chainId, valueWei: tx.value.toString() };
  if (!receipt) return { status: 'pending', ...facts, confirmations: { have: 0, need } };
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const have = Math.max(0, Number(head - receipt.blockNumber + 1n));
  const seen = {
    ...facts,
    blockNumber: receipt.blockNumber.toString(),
    confirmations: { have, need },
  };
  return have >= need ? { status: 'confirmed', ...seen } : { status: 'pending', ...seen };
}

/** viem's "no such transaction (yet)" becomes a value; every other error still throws. */
function notFoundAs<T>(value: T) {
  return (err: unknown): T => {
    if (err instanceof TransactionNotFoundError || err instanceof TransactionReceiptNotFoundError)
      return value;
    throw err;
  };
}
