import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { ErrorCode, type PushSubscriptionBody } from '@aleph/contracts';
import { badRequest } from '../../lib/errors.js';

/** A checked subscription, keys without padding as the browsers send them. */
export interface CheckedSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * The push service's address (docs/api.md, "Web push"). The server will send requests to it, so
 * it must be https to a named host: an IP literal, `localhost` or credentials in the URL would
 * let a player aim the server at its own network. Plain http to the loopback is allowed in
 * development and test mode only, where a local push service stands in for the browser's.
 */
export function checkEndpoint(raw: string, allowLoopback: boolean): string {
  const refuse = () =>
    badRequest(
      ErrorCode.validation,
      'The endpoint must be the https address of a push service.',
      'endpoint',
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse();
  }
  // The URL parser drops tabs and line breaks silently: the stored text must be what is sent to.
  const controlOrSpace = [...raw].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f);
  if (url.username || url.password || controlOrSpace) throw refuse();
  const loopback = LOOPBACK.has(url.hostname);
  if (allowLoopback && loopback && (url.protocol === 'http:' || url.protocol === 'https:'))
    return raw;
  if (url.protocol !== 'https:' || loopback) throw refuse();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || !host.includes('.') || host.endsWith('.localhost')) throw refuse();
  return raw;
}

/** A base64url key that decodes to `bytes` bytes (RFC 8291: p256dh 65, auth 16). */
function checkKey(raw: string, bytes: number, field: string, what: string): string {
  const plain = raw.replace(/=+$/, '');
  const decoded = BASE64URL.test(raw) ? Buffer.from(plain, 'base64url') : Buffer.alloc(0);
  // Re-encoding must give the text back: otherwise stray bits were dropped on the way.
  const exact = decoded.toString('base64url') === plain;
  if (!exact || decoded.length !== bytes || (bytes === 65 && decoded[0] !== 0x04))
    throw badRequest(ErrorCode.validation, `${what} must be ${bytes} bytes in base64url.`, field);
  if (bytes === 65 && !onCurve(decoded))
    throw badRequest(ErrorCode.validation, `${what} is not a P-256 public key.`, field);
  return plain;
}

/** A point every push to the device is encrypted against: one off the curve fails them all. */
function onCurve(point: Buffer): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

export function checkSubscription(
  body: PushSubscriptionBody,
  allowLoopback: boolean,
): CheckedSubscription {
  const endpoint = checkEndpoint(body.endpoint, allowLoopback);
  const p256dh = checkKey(body.keys.p256dh, 65, 'keys.p256dh', 'The p256dh key');
  const auth = checkKey(body.keys.auth, 16, 'keys.auth', 'The auth secret');
  const expiration = body.expirationTime ?? null;
  // A time beyond what a Date holds is as good as never.
  const expiresAt =
    expiration === null || expiration > 8.64e15 ? null : new Date(Math.floor(expiration));
  return { endpoint, p256dh, auth, expiresAt };
}
