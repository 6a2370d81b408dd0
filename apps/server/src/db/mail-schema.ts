import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account-schema.js';

const sqlPending = sql`sent_at is null and failed_at is null`;

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Mail to send (docs/operations.md, "Mail"). A mail is queued in the transaction that causes it
 * and sent later by the mail worker, never inside a request's transaction: a worker leases due
 * rows (`locked_until`), sends them and marks them sent, so several processes never send one
 * mail twice and a mail whose SMTP server is down waits for its next attempt.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What the mail is about (`password_reset`, `password_changed`, ...), for operators. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: at('created_at').notNull(),
    /** The next attempt is not before this time (backoff after a failure). */
    sendAfter: at('send_after').notNull(),
    /** A worker holds the row until this time while it sends; then anyone may retry it. */
    lockedUntil: at('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    /** Given up after too many attempts; kept for the operator (`admin mail list`). */
    failedAt: at('failed_at'),
    /** The SMTP server's message id, or the .eml file's name in the outbox folder. */
    messageId: text('message_id'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.sendAfter).where(sqlPending)],
);

/**
 * Password reset links: the token's SHA-256 only, single use, with an expiry. A new link
 * voids the account's older ones.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * E-mail links other than password resets: `verify` (the address of the account, sent at
 * registration and on request) and `change` (a new address, which becomes the account's when
 * followed). The token's SHA-256 only, single use, with an expiry; a new link of one purpose
 * voids the account's older ones of that purpose.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address the link was sent to. */
    email: text('email').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Captcha challenges already solved once: a solution is accepted a single time. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    /** The challenge's signature. */
    signature: text('signature').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('captcha_uses_signature_key').on(t.signature),
    index('captcha_uses_expiry_idx').on(t.expiresAt),
  ],
);
