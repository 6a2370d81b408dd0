import Type, { type Static } from 'typebox';

/**
 * The one error shape of every endpoint: Fastify's own fields plus a stable `code`
 * and, for a bad input, the `field` it concerns (a suspension or a mute adds its `until`).
 * `message` is a sentence a player can read.
 */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.String(),
  field: Type.Optional(Type.String()),
  /**
   * ACCOUNT_SUSPENDED and ACCOUNT_MUTED: when the suspension or mute ends (ISO), null for a ban.
   */
  until: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type ErrorBody = Static<typeof ErrorBody>;
