import Type, { type Static } from 'typebox';

/**
 * The one error shape of every endpoint: Fastify's own fields plus a stable `code`
 * and, for a bad input, the `field` it concerns. `message` is a sentence a player can read.
 */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.String(),
  field: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Stable machine-readable error codes shared by server and web app. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  badJson: 'BAD_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  badOrigin: 'BAD_ORIGIN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  loginTaken: 'LOGIN_TAKEN',
  addressTaken: 'ADDRESS_TAKEN',
  loginInvalid: 'LOGIN_INVALID',
  emailInvalid: 'EMAIL_INVALID',
  passwordInvalid: 'PASSWORD_INVALID',
  signatureInvalid: 'SIGNATURE_INVALID',
  messageInvalid: 'MESSAGE_INVALID',
  nonceInvalid: 'NONCE_INVALID',
  refreshInvalid: 'REFRESH_INVALID',
  refreshReused: 'REFRESH_REUSED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
