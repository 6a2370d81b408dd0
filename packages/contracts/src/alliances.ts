import Type, { type Static } from 'typebox';

/**
 * Alliances (docs/api.md, "Alliances"): the shapes the chat's push event shares with the chat's
 * history. The rest of the alliance API's schemas live beside them.
 */
/** The alliance API's own error codes (with ErrorCode's shared ones such as RATE_LIMITED). */
export const AllianceErrorCode = {
  /** Create, join or apply below the profile level alliances open at. */
  levelTooLow: 'ALLIANCE_LEVEL_TOO_LOW',
} as const;
export type AllianceErrorCode = (typeof AllianceErrorCode)[keyof typeof AllianceErrorCode];

export const AllianceRole = Type.Union([
  Type.Literal('leader'),
  Type.Literal('officer'),
  Type.Literal('member'),
]);
export type AllianceRole = Static<typeof AllianceRole>;

/** An alliance as other players' views name it (public profiles, boards, messages). */
export const AllianceRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tag: Type.String(),
});
export type AllianceRef = Static<typeof AllianceRef>;

/** One line of an alliance's chat. A deleted line keeps its place with empty text. */
export const ChatLine = Type.Object({
  id: Type.Integer(),
  allianceId: Type.Integer(),
  /** The writer, null when the account no longer exists. */
  profileid: Type.Union([Type.Integer(), Type.Null()]),
  nickname: Type.String(),
  text: Type.String(),
  at: Type.String({ format: 'date-time' }),
  deleted: Type.Boolean(),
});
export type ChatLine = Static<typeof ChatLine>;
