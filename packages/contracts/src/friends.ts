import Type, { type Static } from 'typebox';
import { AllianceRef } from './alliances.js';

/**
 * Friends (docs/api.md, "Friends"): `GET /athar/friends`, a request `POST /athar/friends`, its
 * acceptance `POST /athar/friends/{profileid}/accept`, and `DELETE /athar/friends/{profileid}`
 * (unfriend, cancel one's request or refuse theirs).
 */
export const FriendErrorCode = {
  /** Asking oneself. */
  friendSelf: 'FRIEND_SELF',
  /** Already friends with the player. */
  alreadyFriends: 'ALREADY_FRIENDS',
  /** The caller already asked the player and they have not answered. */
  alreadyRequested: 'FRIEND_ALREADY_REQUESTED',
  /** Friends and open requests (either way) at SOCIAL_CONFIG.friends.max. */
  friendsFull: 'FRIENDS_FULL',
} as const;
export type FriendErrorCode = (typeof FriendErrorCode)[keyof typeof FriendErrorCode];

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const FriendBody = Type.Object({ profileid: Id }, { additionalProperties: false });
export type FriendBody = Static<typeof FriendBody>;

export const FriendParams = Type.Object({ profileid: Id });
export type FriendParams = Static<typeof FriendParams>;

/** A friend as the friends list shows them. */
export const Friend = Type.Object({
  profileid: Type.Integer(),
  nickname: Type.String(),
  level: Type.Integer(),
  /** Their alliance, null when in none. */
  alliance: Type.Union([AllianceRef, Type.Null()]),
  /** Connected to the push stream within the last two minutes (SOCIAL_CONFIG). */
  online: Type.Boolean(),
  /** When the friendship began (the request's acceptance). */
  since: Type.String({ format: 'date-time' }),
});
export type Friend = Static<typeof Friend>;

/** An open request, to the caller (`incoming`) or from them (`outgoing`). */
export const FriendRequest = Type.Object({
  profileid: Type.Integer(),
  nickname: Type.String(),
  level: Type.Integer(),
  /** When the request was made. */
  at: Type.String({ format: 'date-time' }),
});
export type FriendRequest = Static<typeof FriendRequest>;

/** `GET /athar/friends`: friends by nickname, requests newest first. */
export const FriendList = Type.Object({
  friends: Type.Array(Friend),
  incoming: Type.Array(FriendRequest),
  outgoing: Type.Array(FriendRequest),
});
export type FriendList = Static<typeof FriendList>;

/**
 * The answer to a request (201 `requested`) or to an acceptance (200 `friends`): asking a
 * player who already asked the caller accepts theirs.
 */
export const FriendState = Type.Object({
  profileid: Type.Integer(),
  status: Type.Union([Type.Literal('requested'), Type.Literal('friends')]),
});
export type FriendState = Static<typeof FriendState>;
