import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the operating system's cryptographic source, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored hashed so a database leak yields no usable cookie. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
