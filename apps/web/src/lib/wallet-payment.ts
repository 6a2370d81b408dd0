import { USER_REJECTED, walletErrorCode, type Eip1193Provider } from './ethereum';

/** What to pay: `priceWei` (a decimal string) to `treasury` on chain `chainId`. */
export interface PaymentOrder {
  chainId: number;
  treasury: string;
  priceWei: string;
}

export interface SentPayment {
  /** The account the wallet paid from. */
  from: string;
  txHash: string;
}

/** A payment the wallet did not send, with a sentence the player can read. */
export class WalletPaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletPaymentError';
  }
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A chain id as wallets report it ('0x539' or 1337), or undefined when it is not one. */
export function parseWalletChainId(value: unknown): number | undefined {
  const id =
    typeof value === 'string' ? Number.parseInt(value, value.startsWith('0x') ? 16 : 10) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The wei amount as the JSON-RPC hex quantity wallets expect ('0x' and no leading zeros). */
export const weiToHex = (wei: string) => `0x${BigInt(wei).toString(16)}`;

async function walletChainId(ethereum: Eip1193Provider) {
  return parseWalletChainId(await ethereum.request({ method: 'eth_chainId' }));
}

/** Asks the wallet to move to the game's chain; true when it is there afterwards. */
async function ensureChain(ethereum: Eip1193Provider, chainId: number): Promise<boolean> {
  if ((await walletChainId(ethereum)) === chainId) return true;
  try {
    await ethereum.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: `0x${chainId.toString(16)}` }],
    });
  } catch {
    return false; // declined, or the wallet does not know the chain
  }
  return (await walletChainId(ethereum)) === chainId;
}

function describe(error: unknown, doing: string): WalletPaymentError {
  if (error instanceof WalletPaymentError) return error;
  if (walletErrorCode(error) === USER_REJECTED) {
    return new WalletPaymentError('You declined the request in your wallet. Nothing was paid.');
  }
  const reason = error instanceof Error && error.message ? `: ${error.message}` : '.';
  return new WalletPaymentError(`The wallet could not ${doing}${reason}`);
}

/**
 * Pays an order with the browser wallet: the account, the chain (switched if the wallet
 * agrees), then a plain ether transfer to the treasury. Answers the transaction hash; the
 * server verifies the rest (sender, recipient, amount, confirmations).
 */
export async function payWithWallet(
  ethereum: Eip1193Provider,
  order: PaymentOrder,
): Promise<SentPayment> {
  let from: string;
  try {
    const accounts = await ethereum.request({ method: 'eth_requestAccounts' });
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    if (typeof first !== 'string') throw new WalletPaymentError('The wallet returned no account.');
    from = first;
    if (!(await ensureChain(ethereum, order.chainId))) {
      const current = await walletChainId(ethereum).catch(() => undefined);
      throw new WalletPaymentError(
        `Your wallet is on chain ${current ?? 'unknown'}, and payments are made on chain ${order.chainId}. Switch your wallet to chain ${order.chainId} and try again.`,
      );
    }
  } catch (error) {
    throw describe(error, 'connect');
  }
  let txHash: unknown;
  try {
    txHash = await ethereum.request({
      method: 'eth_sendTransaction',
      params: [{ from, to: order.treasury, value: weiToHex(order.priceWei) }],
    });
  } catch (error) {
    throw describe(error, 'send the payment');
  }
  if (typeof txHash !== 'string' || !HASH.test(txHash)) {
    throw new WalletPaymentError('The wallet did not return a transaction hash.');
  }
  return { from, txHash };
}
