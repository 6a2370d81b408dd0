import Type, { type Static } from 'typebox';

/** Logins: 3-32 letters, digits or underscores; unique without regard to case. */
export const LOGIN_PATTERN = '^[A-Za-z0-9_]{3,32}$';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The "simple pattern" for emails: something@something.something, no spaces. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** The statement of the EIP-4361 message the wallet signs to register. */
export const REGISTER_STATEMENT = 'Sign to register';
/** The statement of the EIP-4361 message the wallet signs to restore access. */
export const RESTORE_STATEMENT = 'Sign to restore access';

export const Ok = Type.Object({ ok: Type.Literal(true) });
export type Ok = Static<typeof Ok>;

export const CheckSessionResponse = Type.Object({ session: Type.Boolean() });
export type CheckSessionResponse = Static<typeof CheckSessionResponse>;

export const CheckLoginQuery = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
});
export type CheckLoginQuery = Static<typeof CheckLoginQuery>;
export const CheckLoginResponse = Type.Object({ available: Type.Boolean() });
export type CheckLoginResponse = Static<typeof CheckLoginResponse>;

export const NonceResponse = Type.Object({
  nonce: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type NonceResponse = Static<typeof NonceResponse>;

export const LoginBody = Type.Object({
  username: Type.String({ maxLength: 64 }),
  password: Type.String({ maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * The registration payload (docs/api.md) plus `message`: the EIP-4361 text that `signature` signs.
 * Lengths are checked by the service so that each refusal has its own clear message.
 */
export const RegisterBody = Type.Object({
  login: Type.String({ maxLength: 256 }),
  email: Type.String({ maxLength: 320 }),
  address: Type.String({ maxLength: 64 }),
  signature: Type.String({ maxLength: 1024 }),
  password: Type.String({ maxLength: 1024 }),
  message: Type.String({ maxLength: 4096 }),
});
export type RegisterBody = Static<typeof RegisterBody>;

/**
 * Password recovery by e-mail (docs/api.md, "Password recovery"). `GET /abwab/captcha` answers
 * a signed proof-of-work challenge (ALTCHA); the widget solves it and gives its payload, which
 * `POST /abwab/restore` takes as `captcha`. The answer is the same 202 whether or not the
 * address belongs to an account.
 */
export const MailStatusResponse = Type.Object({
  /** False when the server runs with MAIL=off: nothing can be sent, recovery by mail is off. */
  enabled: Type.Boolean(),
});
export type MailStatusResponse = Static<typeof MailStatusResponse>;

/** ALTCHA's challenge as the widget reads it (altcha-lib's createChallenge). */
export const CaptchaChallenge = Type.Object({}, { additionalProperties: true });
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;

export const RestoreBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  /** The widget's payload: base64 of the challenge and its solution. */
  captcha: Type.String({ maxLength: 8192 }),
});
export type RestoreBody = Static<typeof RestoreBody>;

export const Accepted = Type.Object({ accepted: Type.Literal(true) });
export type Accepted = Static<typeof Accepted>;

export const RestoreConfirmBody = Type.Object({
  /** The token of the link `PUBLIC_URL/restore-password/<token>`. */
  token: Type.String({ maxLength: 256 }),
  password: Type.String({ maxLength: 1024 }),
});
export type RestoreConfirmBody = Static<typeof RestoreConfirmBody>;

/** How long a password reset link is valid. */
export const RESET_TOKEN_MINUTES = 30;

/**
 * Restoring access with the registered wallet: an EIP-4361 message with the statement
 * 'Sign to restore access' (the same checks as registration's), its signature, the new password.
 */
export const RestoreWalletBody = Type.Object({
  message: Type.String({ maxLength: 4096 }),
  signature: Type.String({ maxLength: 1024 }),
  password: Type.String({ maxLength: 1024 }),
});
export type RestoreWalletBody = Static<typeof RestoreWalletBody>;
