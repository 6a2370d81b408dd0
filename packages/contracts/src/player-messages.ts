import Type, { type Static } from 'typebox';

/**
 * Player messages (docs/api.md, "Player messages"): the push event a recipient gets. The rest of
 * the messaging API's schemas live beside it.
 */
/** The messaging, friends and blocks API's own error codes (with ErrorCode's shared ones). */
export const SocialErrorCode = {
  /** A player below the free-writing level writes to someone who never wrote to them. */
  mayNotWriteYet: 'MAY_NOT_WRITE_YET',
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
