import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  AccountErrorCode,
  CHANGE_EMAIL_LINK_HOURS,
  VERIFY_EMAIL_LINK_DAYS,
  type EmailLinkPurpose,
  type VerifyEmailResponse,
} from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { emailTokens, users } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { composeMail, enqueueMail, MAIL_GAME_NAME } from '../../core/mail.js';
import type { MailAccount } from './account-mails.js';

/**
 * The e-mail links of the account settings (docs/api.md, "Account settings"): `verify` proves
 * the account's address, `change` proves a new one and makes it the account's. Each link is
 * `PUBLIC_URL/verify-email/<token>`: 32 random bytes of which only the SHA-256 is stored, single
 * use, with an expiry; a new link of one purpose voids the account's older ones of that purpose.
 */

const VALID_MS: Record<EmailLinkPurpose, number> = {
  verify: VERIFY_EMAIL_LINK_DAYS * 86_400_000,
  change: CHANGE_EMAIL_LINK_HOURS * 3_600_000,
};

/** A new link's token, stored in the caller's transaction; the older unused ones are void. */
async function issueToken(
  tx: Executor,
  userId: number,
  purpose: EmailLinkPurpose,
  email: string,
  now: Date,
): Promise<string> {
  await tx
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  const token = randomToken();
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VALID_MS[purpose]),
  });
  return token;
}

const linkOf = (config: AppConfig, token: string) =>
  `${config.mail.publicUrl}/verify-email/${token}`;

/** Queues a link that verifies the account's own address (when mail is on). */
export async function sendVerifyLink(
  tx: Executor,
  config: AppConfig,
  account: MailAccount & { id: number },
  now: Date,
): Promise<void> {
  if (!config.mail.enabled) return;
  const token = await issueToken(tx, account.id, 'verify', account.email, now);
  const mail = composeMail({
    greeting: `Hello ${account.login},`,
    paragraphs: [
      `Please confirm that this is the e-mail address of your ${MAIL_GAME_NAME} account.`,
      `The link below confirms it. It works once, for ${VERIFY_EMAIL_LINK_DAYS} days.`,
      `If you did not create an ${MAIL_GAME_NAME} account, ignore this mail.`,
    ],
    link: { label: 'Confirm my e-mail address', url: linkOf(config, token) },
  });
  await enqueueMail(
    tx,
    {
      kind: 'email_verify',
      to: account.email,
      subject: `Confirm your ${MAIL_GAME_NAME} e-mail address`,
      ...mail,
    },
    now,
  );
}

/**
 * Queues the mail with the link that verifies an account's e-mail address
 * (`PUBLIC_URL/verify-email/<token>`), in the transaction that creates the account.
 */
export async function queueVerificationMail(
  tx: Tx,
  config: AppConfig,
  userId: number,
  email: string,
  now: Date,
): Promise<void> {
  if (!config.mail.enabled) return;
  const [user] = await tx.select({ login: users.login }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`account ${userId} not found in its own transaction`);
  await sendVerifyLink(tx, config, { id: userId, login: user.login, email }, now);
}

/** `nora@example.com` as `n***@example.com`: enough for the owner to know it, little for others. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Queues the link that confirms `newEmail` (to that address) and a notice to the account's
 * present address, which stays the account's until the link is followed.
 */
export async function sendChangeLink(
  tx: Executor,
  config: AppConfig,
  account: MailAccount & { id: number },
  newEmail: string,
  now: Date,
): Promise<void> {
  const token = await issueToken(tx, account.id, 'change', newEmail, now);
  const link = composeMail({
    greeting: `Hello ${account.login},`,
    paragraphs: [
      `Someone, hopefully you, asked to make this the e-mail address of the ${MAIL_GAME_NAME} account ${account.login}.`,
      `The link below makes it so. It works once, for ${CHANGE_EMAIL_LINK_HOURS} hours.`,
      'If you did not ask for this, ignore this mail: nothing changes.',
    ],
    link: { label: 'Use this e-mail address', url: linkOf(config, token) },
  });
  await enqueueMail(
    tx,
    {
      kind: 'email_change',
      to: newEmail,
      subject: `Confirm your new ${MAIL_GAME_NAME} e-mail address`,
      ...link,
    },
    now,
  );
  const notice = composeMail({
    greeting: `Hello ${account.login},`,
    paragraphs: [
      `Someone asked to change the address of your ${MAIL_GAME_NAME} account to ${maskEmail(newEmail)}. It changes only when the link sent to that address is followed.`,
      'If it was not you, change your password at once: sign in, open your profile, then Account settings.',
    ],
  });
  await enqueueMail(
    tx,
    {
      kind: 'email_change_notice',
      to: account.email,
      subject: `Your ${MAIL_GAME_NAME} e-mail address is about to change`,
      ...notice,
    },
    now,
  );
}

const tokenInvalid = () =>
  badRequest(
    AccountErrorCode.emailTokenInvalid,
    'This link has expired or was already used.',
    'token',
  );

/**
 * Follows a link: the token is spent by one conditional update, so of two requests racing with
 * it exactly one finds it unused (the other waits for the row and then finds it used). `verify`
 * marks the address verified while it is still the account's; `change` makes the link's address
 * the account's, verified, and voids the account's other open links.
 */
export async function followEmailLink(
  db: Db,
  token: string,
  now: Date,
): Promise<VerifyEmailResponse> {
  if (token.length === 0) throw tokenInvalid();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({
        userId: emailTokens.userId,
        purpose: emailTokens.purpose,
        email: emailTokens.email,
      });
    if (!link) throw tokenInvalid();
    if (link.purpose === 'change') {
      await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: now })
        .where(eq(users.id, link.userId));
      // Links of the old address, and other pending changes, no longer mean anything.
      await tx
        .delete(emailTokens)
        .where(and(eq(emailTokens.userId, link.userId), isNull(emailTokens.usedAt)));
      return { ok: true as const, purpose: 'change' as const, email: link.email };
    }
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = lower(${link.email})`))
      .returning({ id: users.id });
    // The account's address changed since the link was sent: it proves nothing any more.
    if (!verified) throw tokenInvalid();
    return { ok: true as const, purpose: 'verify' as const, email: link.email };
  });
}
