import Type, { type Static } from 'typebox';

/** Refusals of the account settings (docs/api.md, "Account settings"). */
export const AccountErrorCode = {
  /** A new verification link for an address that is already verified (409). */
  emailAlreadyVerified: 'EMAIL_ALREADY_VERIFIED',
  /** An e-mail link (verify or change) that is unknown, used, replaced or expired (400). */
  emailTokenInvalid: 'EMAIL_TOKEN_INVALID',
  /** The account's current password, asked before a change, was wrong (400). */
  passwordIncorrect: 'PASSWORD_INCORRECT',
} as const;
export type AccountErrorCode = (typeof AccountErrorCode)[keyof typeof AccountErrorCode];

/** How long the link that verifies an account's address works. */
export const VERIFY_EMAIL_LINK_DAYS = 7;
/** How long the link that confirms a new address works. */
export const CHANGE_EMAIL_LINK_HOURS = 24;

/** `GET /athar/account`: the account's address, its state, and what the server can do. */
export const AccountResponse = Type.Object({
  login: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  /** The address a live change link was sent to: it becomes the account's when followed. */
  pendingEmail: Type.Union([Type.String(), Type.Null()]),
  twoFactor: Type.Boolean(),
  /** False with MAIL=off: verification and address changes cannot be mailed. */
  mailEnabled: Type.Boolean(),
});
export type AccountResponse = Static<typeof AccountResponse>;

/** `POST /abwab/verify-email`: the token of a link `PUBLIC_URL/verify-email/<token>`. */
export const VerifyEmailBody = Type.Object({
  token: Type.String({ maxLength: 256 }),
});
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const EmailLinkPurpose = Type.Union([Type.Literal('verify'), Type.Literal('change')]);
export type EmailLinkPurpose = Static<typeof EmailLinkPurpose>;

/** What the followed link did: `verify` verified `email`; `change` made it the account's. */
export const VerifyEmailResponse = Type.Object({
  ok: Type.Literal(true),
  purpose: EmailLinkPurpose,
  email: Type.String(),
});
export type VerifyEmailResponse = Static<typeof VerifyEmailResponse>;

/**
 * `POST /athar/account/password`. Lengths are checked by the service, so that each refusal has
 * its own clear message (the registration's rules for `password`).
 */
export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ maxLength: 1024 }),
  password: Type.String({ maxLength: 1024 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** `POST /athar/account/email`: the new address, confirmed by the account's password. */
export const ChangeEmailBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

/** One signed-in device of the account (`GET /athar/account/sessions`). */
export const AccountSession = Type.Object({
  id: Type.String(),
  /** Browser and system read from the User-Agent at sign-in: 'Chrome on Windows'. */
  device: Type.String(),
  /** The network signed in from, never the whole address: 'near 203.0.113.0/24'. */
  place: Type.String(),
  signedInAt: Type.String({ format: 'date-time' }),
  /** Sign-in or the latest token refresh: accurate to about the access token's lifetime. */
  lastSeenAt: Type.String({ format: 'date-time' }),
  /** The session of this request. */
  current: Type.Boolean(),
});
export type AccountSession = Static<typeof AccountSession>;

export const AccountSessionsResponse = Type.Object({ sessions: Type.Array(AccountSession) });
export type AccountSessionsResponse = Static<typeof AccountSessionsResponse>;

/** A session id as the list gives it: a UUID. */
export const SessionIdParams = Type.Object({
  id: Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  }),
});
export type SessionIdParams = Static<typeof SessionIdParams>;

export const EndOtherSessionsResponse = Type.Object({ ended: Type.Integer({ minimum: 0 }) });
export type EndOtherSessionsResponse = Static<typeof EndOtherSessionsResponse>;
