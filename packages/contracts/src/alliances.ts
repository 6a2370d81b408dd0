import Type, { type Static } from 'typebox';

/**
 * Alliances (docs/api.md, "Alliances"): the shapes the chat's push event shares with the chat's
 * history. The rest of the alliance API's schemas live beside them.
 */
/** The alliance API's own error codes (with ErrorCode's shared ones such as RATE_LIMITED). */
export const AllianceErrorCode = {
  /** Create, join or apply below the profile level alliances open at. */
  levelTooLow: 'ALLIANCE_LEVEL_TOO_LOW',
  /** A name or tag the rules refuse (field `name` or `tag`). */
  nameInvalid: 'ALLIANCE_NAME_INVALID',
  tagInvalid: 'ALLIANCE_TAG_INVALID',
  /** An existing alliance has this name or tag, without regard to case. */
  nameTaken: 'ALLIANCE_NAME_TAKEN',
  tagTaken: 'ALLIANCE_TAG_TAKEN',
  /** Create, join or apply while a member of an alliance (the invitee is one: `nickname`). */
  alreadyMember: 'ALREADY_IN_ALLIANCE',
  /** Create or join another alliance within 24 hours of leaving one; the body's `until`. */
  rejoinWait: 'ALLIANCE_REJOIN_WAIT',
  /** The alliance has its 30 members. */
  full: 'ALLIANCE_FULL',
  /** Joining an alliance by application without an invitation. */
  closed: 'ALLIANCE_CLOSED',
  /** Applying to an open alliance (join it instead). */
  open: 'ALLIANCE_OPEN',
  allianceNotFound: 'ALLIANCE_NOT_FOUND',
  /** No such application (accept, refuse) or member (kick, promote, demote, leader). */
  requestNotFound: 'ALLIANCE_REQUEST_NOT_FOUND',
  memberNotFound: 'ALLIANCE_MEMBER_NOT_FOUND',
  /** An application or invitation between the player and the alliance is already open. */
  requestPending: 'ALLIANCE_REQUEST_PENDING',
  /** The caller's role in this alliance does not allow it (outsiders, members, officers). */
  notAllowed: 'ALLIANCE_NOT_ALLOWED',
  /** Leave, chat and the like by a player who is not a member of this alliance. */
  notMember: 'ALLIANCE_NOT_MEMBER',
  /** Kicking, promoting or handing over to oneself. */
  notOnYourself: 'ALLIANCE_NOT_ON_YOURSELF',
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

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const AllianceIdParams = Type.Object({ id: Id });
export const AllianceMemberParams = Type.Object({ id: Id, profileid: Id });

/** `POST /athar/alliances`: the rules check name and tag (400 naming the field). */
export const AllianceCreateBody = Type.Object({
  name: Type.String({ maxLength: 60 }),
  tag: Type.String({ maxLength: 10 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  open: Type.Boolean(),
});
export type AllianceCreateBody = Static<typeof AllianceCreateBody>;

export const AllianceCreated = AllianceRef;

/** Search by the start of the name or the tag; `cursor` is the last page's `next`. */
export const AllianceSearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 30 })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]+-[0-9]+$' })),
});
export type AllianceSearchQuery = Static<typeof AllianceSearchQuery>;

export const AllianceSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tag: Type.String(),
  open: Type.Boolean(),
  members: Type.Integer(),
  /** XP its members gained this ISO week while members. */
  weekXp: Type.Integer(),
});
export type AllianceSummary = Static<typeof AllianceSummary>;

/** Open alliances first; `next` is null on the last page. */
export const AllianceSearchPage = Type.Object({
  alliances: Type.Array(AllianceSummary),
  next: Type.Union([Type.String(), Type.Null()]),
  /** The caller's own alliance, null when in none (the page links to it). */
  mine: Type.Union([AllianceRef, Type.Null()]),
});
export type AllianceSearchPage = Static<typeof AllianceSearchPage>;

export const AllianceMember = Type.Object({
  profileid: Type.Integer(),
  nickname: Type.String(),
  level: Type.Integer(),
  role: AllianceRole,
  joined: Type.String({ format: 'date-time' }),
  weekXp: Type.Integer(),
  /** Connected to the push stream within the last 2 minutes; absent when unknown. */
  online: Type.Optional(Type.Boolean()),
});
export type AllianceMember = Static<typeof AllianceMember>;

export const AllianceRequestKind = Type.Union([
  Type.Literal('application'),
  Type.Literal('invitation'),
]);
export type AllianceRequestKind = Static<typeof AllianceRequestKind>;

/** An open application or invitation, as officers and the leader see it. */
export const AllianceRequest = Type.Object({
  profileid: Type.Integer(),
  nickname: Type.String(),
  level: Type.Integer(),
  kind: AllianceRequestKind,
  text: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type AllianceRequest = Static<typeof AllianceRequest>;

/** `GET /athar/alliances/{id}`: public, with what concerns the caller. */
export const AllianceDetails = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tag: Type.String(),
  description: Type.String(),
  open: Type.Boolean(),
  created: Type.String({ format: 'date-time' }),
  maxMembers: Type.Integer(),
  members: Type.Array(AllianceMember),
  /** This ISO week's board XP, place and goal. */
  week: Type.Optional(AllianceWeek),
  me: Type.Object({
    /** The caller's role here, null when not a member. */
    role: Type.Union([AllianceRole, Type.Null()]),
    /** The caller's open application or invitation here. */
    request: Type.Union([AllianceRequestKind, Type.Null()]),
    /** Whether the caller is in some alliance (this or another). */
    inAlliance: Type.Boolean(),
    /** Until when the caller waits before joining another alliance; null: no wait. */
    waitUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  /** Open applications and invitations: filled for officers and the leader, else empty. */
  requests: Type.Array(AllianceRequest),
});
export type AllianceDetails = Static<typeof AllianceDetails>;

export const AllianceApplyBody = Type.Object({
  text: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type AllianceApplyBody = Static<typeof AllianceApplyBody>;

export const AllianceInviteBody = Type.Object({
  nickname: Type.String({ minLength: 1, maxLength: 64 }),
});
export type AllianceInviteBody = Static<typeof AllianceInviteBody>;

export const AllianceLeaderBody = Type.Object({ profileid: Id });
export type AllianceLeaderBody = Static<typeof AllianceLeaderBody>;

/** What a membership call did: the alliance and the caller's role in it afterwards. */
export const AllianceDone = Type.Object({
  allianceId: Type.Integer(),
  role: Type.Union([AllianceRole, Type.Null()]),
});
export type AllianceDone = Static<typeof AllianceDone>;
