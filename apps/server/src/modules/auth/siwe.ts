import { getAddress, isAddress, isAddressEqual, isHex, verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { ErrorCode, REGISTER_STATEMENT } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';

export { generateSiweNonce };

export interface SignedRegistration {
  address: string;
  message: string;
  signature: string;
}

/** Messages issued too far in the future are refused; a little clock skew is tolerated. */
const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

/**
 * Checks that `message` is an EIP-4361 message for this site whose statement is
 * 'Sign to register', made for `address`, and that `signature` is that address's signature
 * of it. Returns the nonce, which the caller consumes in the account's transaction.
 * Only externally owned accounts are supported: contract wallets need a chain client.
 */
export async function verifyRegistrationMessage(
  input: SignedRegistration,
  expectedDomain: string,
  now: Date,
): Promise<{ nonce: string; address: `0x${string}` }> {
  if (!isAddress(input.address, { strict: false })) {
    throw badRequest(
      ErrorCode.validation,
      'The wallet address is not a valid Ethereum address.',
      'address',
    );
  }
  const address = getAddress(input.address);
  if (!isHex(input.signature) || input.signature.length < 132) {
    throw badRequest(ErrorCode.signatureInvalid, 'The wallet signature is malformed.', 'signature');
  }
  const parsed = parseSiweMessage(input.message);
  const invalid = (why: string) => badRequest(ErrorCode.messageInvalid, why, 'message');
  if (!parsed.domain || !parsed.address || !parsed.nonce || !parsed.uri || parsed.version !== '1') {
    throw invalid('The signed message is not a valid Sign-In with Ethereum message.');
  }
  if (parsed.domain !== expectedDomain) {
    throw invalid('The signed message was made for another site.');
  }
  if (parsed.statement !== REGISTER_STATEMENT) {
    throw invalid(`The signed message must say '${REGISTER_STATEMENT}'.`);
  }
  if (!isAddressEqual(parsed.address, address)) {
    throw invalid('The signed message names another wallet address.');
  }
  if (parsed.issuedAt && parsed.issuedAt.getTime() > now.getTime() + MAX_FUTURE_SKEW_MS) {
    throw invalid('The signed message is dated in the future.');
  }
  if (!validateSiweMessage({ message: parsed, domain: expectedDomain, address, time: now })) {
    throw invalid('The signed message has expired or is not valid yet.');
  }
  const valid = await verifyMessage({
    address,
    message: input.message,
    signature: input.signature as `0x${string}`,
  }).catch(() => false);
  if (!valid) {
    throw badRequest(
      ErrorCode.signatureInvalid,
      'The wallet signature does not match this address.',
      'signature',
    );
  }
  return { nonce: parsed.nonce, address };
}
