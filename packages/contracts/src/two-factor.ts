import Type, { type Static } from 'typebox';
import { Ok } from './auth.js';

/** Refusals of two-factor sign-in and its settings (docs/api.md, "Two-factor"). */
export const TwoFactorErrorCode = {
  /** Not a current authentication code nor an unused recovery code of the account (400). */
  codeInvalid: 'TWO_FACTOR_CODE_INVALID',
  /** No login challenge, or an expired, used or ended one: log in again (401). */
  challengeInvalid: 'TWO_FACTOR_CHALLENGE_INVALID',
  /** Two-factor is on already (409). */
  on: 'TWO_FACTOR_ON',
  /** Two-factor is off (409). */
  off: 'TWO_FACTOR_OFF',
  /** Confirming a code before `setup` gave a secret to scan (409). */
  noSetup: 'TWO_FACTOR_NO_SETUP',
} as const;
export type TwoFactorErrorCode = (typeof TwoFactorErrorCode)[keyof typeof TwoFactorErrorCode];

/** How long the second step of a login may wait for its code. */
export const LOGIN_CHALLENGE_MINUTES = 5;
/** Wrong codes that end a login challenge: the player logs in again with the password. */
export const LOGIN_CHALLENGE_ATTEMPTS = 5;
/** How many recovery codes an account gets at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * `POST /abwab/login`: a session (the cookies are set) or, for an account with two-factor on,
 * `twoFactor: true` and no session: the code goes to `POST /abwab/login/2fa`.
 */
export const LoginResponse = Type.Union([Ok, Type.Object({ twoFactor: Type.Literal(true) })]);
export type LoginResponse = Static<typeof LoginResponse>;

/**
 * A 6-digit code of the authenticator app, or a recovery code (`xxxx-xxxx`). Spaces and the
 * dash are ignored and letters may be in either case; the service names anything else.
 */
export const TwoFactorCodeBody = Type.Object(
  { code: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;

/** `GET /athar/account/2fa`. */
export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  /** Unused recovery codes (0 while off). */
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** `POST /athar/account/2fa/setup`: a new secret to scan, not in force until confirmed. */
export const TwoFactorSetup = Type.Object({
  /** Base32, for typing into an app that cannot scan. */
  secret: Type.String(),
  /** The `otpauth://totp/...` URI the QR code holds. */
  otpauthUrl: Type.String(),
  /** The QR code as an SVG document (black on white). */
  qrSvg: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;
