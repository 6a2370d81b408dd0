import Type, { type Static } from 'typebox';

/**
 * Player messages (docs/api.md, "Player messages"): the push event a recipient gets. The rest of
 * the messaging API's schemas live beside it.
 */
/** The messaging, friends and blocks API's own error codes (with ErrorCode's shared ones). */
export const SocialErrorCode = {
  /** A player below the free-writing level writes to someone who never wrote to them. */
  mayNotWriteYet: 'MAY_NOT_WRITE_YET',
  /** No player has this nickname (or profile id). */
  playerNotFound: 'PLAYER_NOT_FOUND',
  /** A message to oneself. */
  messageToSelf: 'MESSAGE_TO_SELF',
  /** Blocking oneself. */
  blockSelf: 'BLOCK_SELF',
  /** The block list is full (SOCIAL_CONFIG.blocksMax). */
  blocksFull: 'BLOCKS_FULL',
  /** Lifting a block that does not exist. */
  notBlocked: 'NOT_BLOCKED',
} as const;
export type SocialErrorCode = (typeof SocialErrorCode)[keyof typeof SocialErrorCode];

export const MessageNewEvent = Type.Object({
  messageId: Type.Integer(),
  /** The sender's nickname. */
  from: Type.String(),
  subject: Type.String(),
  /** The recipient's unread count with this message (the top bar's badge). */
  unread: Type.Integer(),
});
export type MessageNewEvent = Static<typeof MessageNewEvent>;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nickname = Type.String({ minLength: 1, maxLength: 32 });

/** `POST /hatif/messages`: to a player by nickname (case-insensitive), plain text. */
export const SendMessageBody = Type.Object(
  {
    to: Nickname,
    subject: Type.String({ minLength: 1, maxLength: 120 }),
    /** Plain text with line breaks; links become links, nothing else is markup. */
    body: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** The sender's copy's id (the 'Sent' view's row). */
export const MessageSent = Type.Object({ id: Type.Integer() });
export type MessageSent = Static<typeof MessageSent>;

/** `GET /hatif/messages/sent?cursor=`: the page after `cursor` (the previous `nextCursor`). */
export const SentMessagesQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 10, pattern: '^[1-9][0-9]*$' })) },
  { additionalProperties: false },
);
export type SentMessagesQuery = Static<typeof SentMessagesQuery>;

export const SentMessage = Type.Object({
  id: Type.Integer(),
  /** The recipient's nickname now. */
  to: Type.String(),
  toProfileid: Type.Integer(),
  subject: Type.String(),
  /** Plain text with line breaks, as written. */
  body: Type.String(),
  created: Type.String(),
});
export type SentMessage = Static<typeof SentMessage>;

/** Newest first; `nextCursor` null on the last page. */
export const SentMessagePage = Type.Object({
  messages: Type.Array(SentMessage),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type SentMessagePage = Static<typeof SentMessagePage>;

/** `GET /athar/players?prefix=`: the compose dialog's autocomplete. */
export const NicknameSearchQuery = Type.Object(
  { prefix: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);
export type NicknameSearchQuery = Static<typeof NicknameSearchQuery>;

export const PlayerName = Type.Object({ profileid: Type.Integer(), nickname: Type.String() });
export type PlayerName = Static<typeof PlayerName>;
/** At most 10, by nickname. */
export const NicknameSearchResult = Type.Array(PlayerName);
export type NicknameSearchResult = Static<typeof NicknameSearchResult>;

/** A player the caller blocks: their messages and alliance invitations are not delivered. */
export const BlockedPlayer = Type.Object({
  profileid: Type.Integer(),
  nickname: Type.String(),
  since: Type.String({ format: 'date-time' }),
});
export type BlockedPlayer = Static<typeof BlockedPlayer>;
/** Newest block first. */
export const BlockList = Type.Array(BlockedPlayer);
export type BlockList = Static<typeof BlockList>;

export const BlockBody = Type.Object({ profileid: Id }, { additionalProperties: false });
export type BlockBody = Static<typeof BlockBody>;
export const BlockParams = Type.Object({ profileid: Id });
export type BlockParams = Static<typeof BlockParams>;
