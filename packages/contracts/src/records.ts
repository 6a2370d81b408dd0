import Type, { type Static, type TLiteral } from 'typebox';
import { FRAME_IDS, MISSION_TYPE_LIST, RECORDS_CONFIG } from '@aleph/rules';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Cursor = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

/** One achievement of the catalogue with the caller's progress (docs/game-rules.md). */
export const Achievement = Type.Object({
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  xp: Type.Integer(),
  goal: Type.Integer(),
  /** The metric's value capped at the goal: never goes down. */
  progress: Type.Integer(),
  /** ISO time it was earned; null while in progress. */
  earnedAt: Type.Union([Type.String(), Type.Null()]),
  /** How many players earned it (its rarity). */
  earners: Type.Integer(),
});
export type Achievement = Static<typeof Achievement>;

/** `GET /athar/achievements`. */
export const AchievementList = Type.Object({
  earned: Type.Integer(),
  total: Type.Integer(),
  achievements: Type.Array(Achievement),
});
export type AchievementList = Static<typeof AchievementList>;

/** What a public profile shows of a player's achievements: the count and the rarest three. */
export const AchievementBadges = Type.Object({
  earned: Type.Integer(),
  rarest: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      description: Type.String(),
      earners: Type.Integer(),
    }),
  ),
});
export type AchievementBadges = Static<typeof AchievementBadges>;

export const FrameName = Type.Union(
  FRAME_IDS.map((id) => Type.Literal(id)) as Literals<typeof FRAME_IDS>,
);
export type FrameName = Static<typeof FrameName>;

/** `PUT /athar/profile/frame`. */
export const FrameBody = Type.Object({ frame: FrameName }, { additionalProperties: false });
export type FrameBody = Static<typeof FrameBody>;

/** `GET` and `PUT /athar/profile/frame`: the frame worn and every frame with its lock. */
export const FrameResponse = Type.Object({
  frame: FrameName,
  frames: Type.Array(
    Type.Object({
      id: FrameName,
      name: Type.String(),
      profileLevel: Type.Integer(),
      legendary: Type.Boolean(),
      unlocked: Type.Boolean(),
    }),
  ),
});
export type FrameResponse = Static<typeof FrameResponse>;

const missionTypeLiterals = MISSION_TYPE_LIST.map((t) => Type.Literal(t)) as Literals<
  typeof MISSION_TYPE_LIST
>;
export const MissionOutcomeName = Type.Union([Type.Literal('success'), Type.Literal('failure')]);

/** `GET /misaar/missions/log` (and `log.csv`): filters and the page. */
export const MissionLogQuery = Type.Object({
  type: Type.Optional(Type.Union(missionTypeLiterals)),
  heroid: Type.Optional(Id),
  landid: Type.Optional(Id),
  outcome: Type.Optional(MissionOutcomeName),
  /** The `next` of the previous page, as it came. */
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECORDS_CONFIG.log.maxLimit })),
});
export type MissionLogQuery = Static<typeof MissionLogQuery>;

export const MissionLogEntry = Type.Object({
  missionid: Type.Integer(),
  missionType: Type.Union(missionTypeLiterals),
  heroid: Type.Integer(),
  heroName: Type.String(),
  landid: Type.Integer(),
  landName: Type.String(),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  /** Minutes from start to finish. */
  minutes: Type.Integer(),
  outcome: MissionOutcomeName,
  /** The rewards in one line ("+120 gold, +40 XP"). */
  rewards: Type.String(),
  xp: Type.Integer(),
  gold: Type.Integer(),
  /** The inbox message of its report (`/messages?message=<id>`); null for older missions. */
  reportid: Type.Union([Type.Integer(), Type.Null()]),
});
export type MissionLogEntry = Static<typeof MissionLogEntry>;

export const MissionLogPage = Type.Object({
  missions: Type.Array(MissionLogEntry),
  /** Pass as `cursor` for the next page; null on the last. */
  next: Type.Union([Cursor, Type.Null()]),
});
export type MissionLogPage = Static<typeof MissionLogPage>;

/** `GET /misaar/missions/log.csv`: a stream of CSV text (header row first). */
export const MissionLogCsv = Type.String({ description: 'text/csv' });

/** `GET /athar/rating`. */
export const RatingQuery = Type.Object({
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECORDS_CONFIG.ratingPage.maxLimit })),
});
export type RatingQuery = Static<typeof RatingQuery>;

export const RatingRow = Type.Object({
  place: Type.Integer(),
  profileid: Type.Integer(),
  nickname: Type.String(),
  level: Type.Integer(),
  power: Type.Integer(),
  frame: FrameName,
});
export type RatingRow = Static<typeof RatingRow>;

export const RatingPage = Type.Object({
  rows: Type.Array(RatingRow),
  next: Type.Union([Cursor, Type.Null()]),
  /** The caller's own row and place, on every page. */
  me: RatingRow,
});
export type RatingPage = Static<typeof RatingPage>;
