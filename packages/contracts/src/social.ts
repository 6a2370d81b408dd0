import Type, { type Static } from 'typebox';
import { AllianceRef } from './alliances.js';
import { AchievementBadges, FrameName } from './records.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Profile general info of another player (docs/api.md). */
export const PublicProfile = Type.Object({
  profileid: Type.Integer(),
  nickname: Type.String(),
  level: Type.Integer(),
  vip: Type.Integer(),
  lands: Type.Integer(),
  heroes: Type.Integer(),
  /** The avatar frame the player wears (docs/game-rules.md, Profile frames). */
  frame: FrameName,
  /** How many achievements the player earned and the three rarest. */
  achievements: AchievementBadges,
  /** The player's alliance, null when in none (docs/api.md, "Alliances"). */
  alliance: Type.Optional(Type.Union([AllianceRef, Type.Null()])),
});
export type PublicProfile = Static<typeof PublicProfile>;

export const BOARD_NAMES = ['TOP_GOLD_CLAIMERS', 'TOP_XP_GAINERS'] as const;
export type BoardName = (typeof BOARD_NAMES)[number];
export const BoardParams = Type.Object({ board: Type.String({ maxLength: 64 }) });

export const BoardRow = Type.Object({
  rank: Type.Integer(),
  profileid: Type.Integer(),
  profilename: Type.String(),
  /** The avatar frame the player wears. */
  frame: FrameName,
  score: Type.Integer(),
  /** The tag of the player's alliance, shown beside the nickname; null when in none. */
  tag: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type BoardRow = Static<typeof BoardRow>;

/** This ISO week's top 100 and the caller's own row (null until they score this week). */
export const BoardResponse = Type.Object({
  board: Type.String(),
  weekStart: Type.String(),
  data: Type.Array(BoardRow),
  profileData: Type.Union([BoardRow, Type.Null()]),
});
export type BoardResponse = Static<typeof BoardResponse>;

export const WorkflowBody = Type.Object({ wftype: Type.Literal('PROFILELEVELUP') });
export type WorkflowBody = Static<typeof WorkflowBody>;
export const WorkflowResponse = Type.Object({
  ok: Type.Literal(true),
  workflowid: Type.Integer(),
  wftype: Type.String(),
  status: Type.String(),
  targetLevel: Type.Integer(),
});
export type WorkflowResponse = Static<typeof WorkflowResponse>;

export const Message = Type.Object({
  msgid: Type.Integer(),
  sender_name: Type.String(),
  /** A player message's writer (reply, block, report); absent for the game's own messages. */
  sender_id: Type.Optional(Type.Integer()),
  /** The tag of the writer's alliance now, shown beside `sender_name`; absent when in none. */
  sender_tag: Type.Optional(Type.String()),
  subject: Type.String(),
  /** Sanitised HTML. */
  body: Type.String(),
  created: Type.String(),
  read: Type.Boolean(),
  deleted: Type.Boolean(),
});
export type Message = Static<typeof Message>;
export const MessageList = Type.Array(Message);

export const UnreadSummary = Type.Object({ unreadMessages: Type.Integer() });
export type UnreadSummary = Static<typeof UnreadSummary>;

export const MessageIdParams = Type.Object({ id: Id });

/** Several messages at once; `msgids` is accepted as another name for `ids`. */
export const MarkDeleteBody = Type.Object({
  ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })),
  msgids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })),
});
export type MarkDeleteBody = Static<typeof MarkDeleteBody>;

export const MarkResult = Type.Object({ ok: Type.Literal(true), count: Type.Integer() });
export type MarkResult = Static<typeof MarkResult>;
