import Type, { type Static } from 'typebox';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** Up to 3 distinct hero ids (docs/api.md, Arena). */
const HeroIds = Type.Array(Id, { minItems: 1, maxItems: 3, uniqueItems: true });

export const ArenaErrorCode = {
  opponentSelf: 'ARENA_OPPONENT_SELF',
  opponentNotFound: 'ARENA_OPPONENT_NOT_FOUND',
  /** Not in the attacker's latest offer of opponents, taken, or the offer is too old. */
  opponentNotOffered: 'ARENA_OPPONENT_NOT_OFFERED',
  noDefence: 'ARENA_NO_DEFENCE',
  heroBusy: 'ARENA_HERO_BUSY',
  dailyLimit: 'ARENA_DAILY_LIMIT',
  battleNotFound: 'ARENA_BATTLE_NOT_FOUND',
} as const;
export type ArenaErrorCode = (typeof ArenaErrorCode)[keyof typeof ArenaErrorCode];

export const ArenaDefenceBody = Type.Object({ heroes: HeroIds }, { additionalProperties: false });
export type ArenaDefenceBody = Static<typeof ArenaDefenceBody>;

export const ArenaHeroView = Type.Object({
  id: Id,
  name: Type.String(),
  element: Type.Integer(),
  rarity: Type.Integer(),
  /** On a mission now: it still defends, but cannot attack. */
  busy: Type.Boolean(),
});
export type ArenaHeroView = Static<typeof ArenaHeroView>;

/** `GET /halba/defence` and the answer to `PUT`: the team, the rating and today's attacks. */
export const ArenaStatus = Type.Object({
  rating: Type.Integer(),
  defence: Type.Array(ArenaHeroView),
  attacksLeft: Type.Integer(),
  attacksPerDay: Type.Integer(),
  /** When the next UTC day's attacks open (ISO time). */
  nextAttacksAt: Type.String(),
});
export type ArenaStatus = Static<typeof ArenaStatus>;

export const ArenaOpponent = Type.Object({
  profileId: Id,
  nickname: Type.String(),
  level: Type.Integer(),
  rating: Type.Integer(),
  defence: Type.Array(Type.Object({ name: Type.String(), element: Type.Integer() })),
});
export type ArenaOpponent = Static<typeof ArenaOpponent>;
export const ArenaOpponentList = Type.Array(ArenaOpponent);

export const ArenaAttackBody = Type.Object(
  { opponent: Id, heroes: HeroIds },
  { additionalProperties: false },
);
export type ArenaAttackBody = Static<typeof ArenaAttackBody>;

const Side = Type.Union([Type.Literal('attacker'), Type.Literal('defender')]);

export const ArenaFighter = Type.Object({
  index: Type.Integer(),
  side: Side,
  heroId: Type.Integer(),
  name: Type.String(),
  element: Type.Integer(),
  maxHp: Type.Integer(),
  attack: Type.Number(),
  defence: Type.Number(),
  speed: Type.Integer(),
  luck: Type.Integer(),
});
export type ArenaFighter = Static<typeof ArenaFighter>;

export const ArenaTurn = Type.Object({
  turn: Type.Integer(),
  actor: Type.Integer(),
  target: Type.Integer(),
  roll: Type.Union([
    Type.Literal('evade'),
    Type.Literal('miss'),
    Type.Literal('critical'),
    Type.Literal('weak'),
    Type.Literal('normal'),
  ]),
  damage: Type.Integer(),
  hp: Type.Number(),
});
export type ArenaTurn = Static<typeof ArenaTurn>;

const Player = Type.Object({
  profileId: Id,
  nickname: Type.String(),
  /** Rating after the battle and what the battle changed. */
  rating: Type.Integer(),
  change: Type.Integer(),
});

/** One battle's summary: the history's row. `youAttacked`: the caller was the attacker. */
export const ArenaBattleSummary = Type.Object({
  id: Id,
  at: Type.String(),
  winner: Side,
  youAttacked: Type.Boolean(),
  youWon: Type.Boolean(),
  attacker: Player,
  defender: Player,
});
export type ArenaBattleSummary = Static<typeof ArenaBattleSummary>;

/** `POST /halba/attack` and `GET /halba/battles/{id}`: the battle with its full turn log. */
export const ArenaBattle = Type.Intersect([
  ArenaBattleSummary,
  Type.Object({
    seed: Type.Integer(),
    capped: Type.Boolean(),
    fighters: Type.Array(ArenaFighter),
    turns: Type.Array(ArenaTurn),
  }),
]);
export type ArenaBattle = Static<typeof ArenaBattle>;

export const ArenaBattlesQuery = Type.Object({
  /** The `next` of the previous page: battles older than this id. */
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});
export type ArenaBattlesQuery = Static<typeof ArenaBattlesQuery>;

export const ArenaBattlePage = Type.Object({
  battles: Type.Array(ArenaBattleSummary),
  /** Pass as `before` for the next page; null on the last. */
  next: Type.Union([Id, Type.Null()]),
});
export type ArenaBattlePage = Static<typeof ArenaBattlePage>;

export const ArenaLadderRow = Type.Object({
  place: Type.Integer(),
  profileId: Id,
  nickname: Type.String(),
  /** Rating gained (or lost) this ISO week. */
  points: Type.Integer(),
  battles: Type.Integer(),
  rating: Type.Integer(),
});
export type ArenaLadderRow = Static<typeof ArenaLadderRow>;

/** `GET /halba/ladder`: this ISO week's top 100 and the caller's own row (null: no battle yet). */
export const ArenaLadder = Type.Object({
  week: Type.String(),
  endsAt: Type.String(),
  top: Type.Array(ArenaLadderRow),
  you: Type.Union([ArenaLadderRow, Type.Null()]),
  /** Gold by place for the week's rewards (index 0 = first place). */
  rewards: Type.Array(Type.Integer()),
});
export type ArenaLadder = Static<typeof ArenaLadder>;
