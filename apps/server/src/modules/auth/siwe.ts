import { getAddress, isAddress, isAddressEqual, isHex, verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { ErrorCode, REGISTER_STATEMENT, RESTORE_STATEMENT } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';

export { generateSiweNonce };

export interface SignedRegistration {
  address: string;
  message: string;
  signature: string;
}

/** What a registration message must be bound to. */
export interface SiweExpectation {
  /** host[:port] of this site (SIWE_DOMAIN, or the request's Host in development). */
  domain: string;
  /** The payment chain when one is configured; otherwise any positive chain id passes. */
  chainId: number | undefined;
  /** A message dated earlier than a nonce lives cannot be fresh. */
  maxAgeSeconds: number;
}

/** Clocks of the wallet's machine and the server's may differ a little, either way. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

type Parsed = ReturnType<typeof parseSiweMessage>;

/** The URI must be a page of this site: http(s), with exactly the expected host[:port]. */
function sameOrigin(uri: string, domain: string): boolean {
  try {
    const url = new URL(uri);
    const port = url.port ? `:${url.port}` : '';
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      `${url.hostname}${port}` === domain.toLowerCase()
    );
  } catch {
    return false;
  }
}

/** The reason a message's URI, chain or date is unacceptable, or undefined. */
function bindingProblem(parsed: Parsed, expected: SiweExpectation, now: Date): string | undefined {
  if (!parsed.uri || !sameOrigin(parsed.uri, expected.domain))
    return `The signed message's URI must be a page of ${expected.domain}.`;
  const chainId = parsed.chainId;
  if (chainId === undefined || !Number.isSafeInteger(chainId) || chainId < 1)
    return "The signed message's chain ID must be a positive integer.";
  if (expected.chainId !== undefined && chainId !== expected.chainId)
    return `The signed message names chain ${chainId}; this game uses chain ${expected.chainId}. Switch your wallet to it and connect again.`;
  const issued = parsed.issuedAt?.getTime();
  if (issued === undefined || Number.isNaN(issued))
    return "The signed message's Issued At is not a valid ISO 8601 time.";
  if (issued > now.getTime() + CLOCK_SKEW_MS) return 'The signed message is dated in the future.';
  if (issued < now.getTime() - expected.maxAgeSeconds * 1000 - CLOCK_SKEW_MS)
    return "The signed message's Issued At is too old. Please connect your wallet again.";
  return undefined;
}

/**
 * Checks that `message` is an EIP-4361 message for this site (domain, URI, chain, a recent
 * Issued At) whose statement is 'Sign to register', made for `address`, and that `signature`
 * is that address's signature of it. Returns the nonce, which the caller consumes in the account's transaction.
 * Only externally owned accounts are supported: contract wallets need a chain client.
 */
export function verifyRegistrationMessage(
  input: SignedRegistration,
  expected: SiweExpectation,
  now: Date,
): Promise<{ nonce: string; address: `0x${string}` }> {
  return verifySignedMessage(input, expected, now, REGISTER_STATEMENT);
}

/**
 * Checks a signed message to restore access (docs/api.md, "Password recovery"): the same
 * checks as a registration's, with the statement 'Sign to restore access', for the address the
 * message names. Returns that address and the nonce to consume.
 */
export function verifyRestoreMessage(
  input: { message: string; signature: string },
  expected: SiweExpectation,
  now: Date,
): Promise<{ nonce: string; address: `0x${string}` }> {
  let named: string | undefined;
  try {
    named = parseSiweMessage(input.message).address;
  } catch {
    named = undefined;
  }
  if (!named) {
    throw badRequest(
      ErrorCode.messageInvalid,
      'The signed message is not a valid Sign-In with Ethereum message.',
      'message',
    );
  }
  return verifySignedMessage({ ...input, address: named }, expected, now, RESTORE_STATEMENT);
}

async function verifySignedMessage(
  input: SignedRegistration,
  expected: SiweExpectation,
  now: Date,
  statement: string,
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
  if (parsed.domain !== expected.domain) {
    throw invalid('The signed message was made for another site.');
  }
  if (parsed.statement !== statement) {
    throw invalid(`The signed message must say '${statement}'.`);
  }
  if (!isAddressEqual(parsed.address, address)) {
    throw invalid('The signed message names another wallet address.');
  }
  const problem = bindingProblem(parsed, expected, now);
  if (problem) throw invalid(problem);
  if (!validateSiweMessage({ message: parsed, domain: expected.domain, address, time: now })) {
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
