import { getAddress, stringToHex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { REGISTER_STATEMENT } from '@aleph/contracts';
import type { Eip1193Provider } from './ethereum';

/**
 * The wallet side of registration: an EIP-4361 message with the server's nonce, signed with
 * personal_sign. Loaded on demand (viem is large) when the player presses Connect Wallet.
 */
export interface WalletSignature {
  address: string;
  signature: string;
  message: string;
}

export function parseChainId(value: unknown): number {
  const chainId = typeof value === 'string' ? Number.parseInt(value, 16) : Number(value);
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : 1;
}

/**
 * `statement` says what the signature is for: registering (the default) or restoring access
 * (RESTORE_STATEMENT); the server checks the rest of the message the same way for both.
 */
export async function signRegistration(
  ethereum: Eip1193Provider,
  fetchNonce: () => Promise<string>,
  now: Date = new Date(),
  statement: string = REGISTER_STATEMENT,
): Promise<WalletSignature> {
  const accounts = await ethereum.request({ method: 'eth_requestAccounts' });
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string') throw new Error('The wallet returned no account');
  const address = getAddress(first);
  const chainId = parseChainId(await ethereum.request({ method: 'eth_chainId' }));
  const nonce = await fetchNonce();
  const message = createSiweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    address,
    statement,
    version: '1',
    chainId,
    nonce,
    issuedAt: now,
  });
  // Wallets expect the UTF-8 message as hex for personal_sign.
  const signature = await ethereum.request({
    method: 'personal_sign',
    params: [stringToHex(message), address],
  });
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature');
  return { address, signature, message };
}
