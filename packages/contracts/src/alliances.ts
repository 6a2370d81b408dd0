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

/**
 * An alliance's ISO week (docs/game-rules.md, Alliances): the XP its members gained while
 * members (the alliance board's score), its place on the board, and the weekly gold goal.
 */
export const AllianceWeek = Type.Object({
  weekStart: Type.String({ format: 'date-time' }),
  xp: Type.Integer(),
  /** The place on this week's alliance board, null before the alliance scores. */
  rank: Type.Union([Type.Integer(), Type.Null()]),
  goal: Type.Object({
    /** Treasury gold the members claim together this week. */
    target: Type.Integer(),
    progress: Type.Integer(),
    /** Gold paid to each member who contributed, when the goal is reached. */
    rewardGold: Type.Integer(),
    /** The members who claimed gold towards it this week, most first. */
    contributors: Type.Array(
      Type.Object({ profileid: Type.Integer(), nickname: Type.String(), gold: Type.Integer() }),
    ),
  }),
});
export type AllianceWeek = Static<typeof AllianceWeek>;
