import Type, { type Static } from 'typebox';
import { ChatLine } from './alliances.js';

/**
 * The alliance chat and the weekly alliance board (docs/api.md, "Alliances"): routes' params,
 * bodies and answers. ChatLine and AllianceWeek live in alliances.ts beside the alliance API.
 */
export const AllianceChatParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type AllianceChatParams = Static<typeof AllianceChatParams>;

export const AllianceChatLineParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  lineid: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type AllianceChatLineParams = Static<typeof AllianceChatLineParams>;

export const AllianceChatQuery = Type.Object(
  {
    /** A line id: the page holds the lines before it. Absent: the newest lines. */
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
export type AllianceChatQuery = Static<typeof AllianceChatQuery>;

/** A page of history, oldest first ("newest last"); `nextBefore` pages further back. */
export const AllianceChatPage = Type.Object({
  lines: Type.Array(ChatLine),
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});
export type AllianceChatPage = Static<typeof AllianceChatPage>;

/** A new line: 1..500 characters once trimmed (SOCIAL_CONFIG.alliances.chat.maxLength). */
export const AllianceChatBody = Type.Object(
  { text: Type.String({ maxLength: 2000 }) },
  { additionalProperties: false },
);
export type AllianceChatBody = Static<typeof AllianceChatBody>;

/** One row of the weekly alliance board. */
export const AllianceBoardRow = Type.Object({
  rank: Type.Integer(),
  allianceId: Type.Integer(),
  name: Type.String(),
  tag: Type.String(),
  members: Type.Integer(),
  xp: Type.Integer(),
});
export type AllianceBoardRow = Static<typeof AllianceBoardRow>;

/** `GET /mirza/alliances/last`: this ISO week's top alliances and the caller's own row. */
export const AllianceBoardResponse = Type.Object({
  weekStart: Type.String({ format: 'date-time' }),
  rows: Type.Array(AllianceBoardRow),
  /** The caller's alliance, null when they are in none or it has not scored this week. */
  mine: Type.Union([AllianceBoardRow, Type.Null()]),
});
export type AllianceBoardResponse = Static<typeof AllianceBoardResponse>;
