import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Everything that touches a TOTP secret (RFC 6238), in one place: making one, the URI and QR
 * code an authenticator app scans, and checking a code against it. The secret is kept in clear
 * in `users.totp_secret` (base32), as a server must be able to compute the codes; what protects
 * it is that nothing ever sends it again after setup (docs/api.md, "Two-factor").
 *
 * The parameters are the ones every authenticator app assumes for a scanned key: HMAC-SHA-1,
 * 6 digits, 30-second steps.
 */

/** The issuer the app shows next to the account. */
export const TOTP_ISSUER = 'Lands of Aleph';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;
/** A code of the step before or after the server's is accepted too: phones' clocks drift. */
const DRIFT_STEPS = 1;

function totpOf(secret: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** A new random secret, base32 (what apps take when it is typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** What the player scans or types to add the account to an authenticator app. */
export async function enrolmentOf(secret: string, login: string) {
  const otpauthUrl = totpOf(secret, login).toString();
  // Black on white with a quiet zone: what phone cameras read best, on any page colour.
  const qrSvg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * The time step whose code `token` is, when it is the code of the step at `now` or of one next
 * to it; null otherwise. Callers refuse a step at or before the last one accepted, so a code
 * works once.
 */
export function stepOfCode(secret: string, token: string, now: Date): number | null {
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token, timestamp, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
