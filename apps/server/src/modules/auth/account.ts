import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  AccountErrorCode,
  EMAIL_PATTERN,
  ErrorCode,
  type AccountResponse,
  type ChangeEmailBody,
  type ChangePasswordBody,
} from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { emailTokens, passwordResets, users } from '../../db/schema.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { hit, refund, tooMany } from '../../lib/rate-limit.js';
import type { AuthContext } from '../../core/session.js';
import { accountMailOff, queuePasswordChangedMail } from './account-mails.js';
import { sendChangeLink, sendVerifyLink } from './email-links.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { checkPassword } from './recovery.js';
import { revokeOtherSessions } from './sessions.js';

/**
 * The signed-in player's account settings (docs/api.md, "Account settings"): the address and
 * whether it is verified, a new verification link, a new address, a new password. Whatever
 * changes the password or the address first asks for the current password, and those checks
 * are counted per account like logins are, so a stolen session cannot guess the password.
 */

export interface AccountDeps {
  db: Db;
  config: AppConfig;
}

const emailRe = new RegExp(EMAIL_PATTERN);

async function loadAccount(db: Db, userId: number) {
  const [account] = await db
    .select({
      id: users.id,
      login: users.login,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  // The session outlived its account (deleted by an operator): as if signed out.
  if (!account) throw unauthorized();
  return account;
}

export async function accountView(
  { db, config }: AccountDeps,
  auth: AuthContext,
  now: Date,
): Promise<AccountResponse> {
  const account = await loadAccount(db, auth.userId);
  const [pending] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, auth.userId),
        eq(emailTokens.purpose, 'change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return {
    login: account.login,
    email: account.email,
    emailVerified: account.emailVerifiedAt !== null,
    pendingEmail: pending?.email ?? null,
    twoFactor: account.totpEnabledAt !== null,
    mailEnabled: config.mail.enabled,
  };
}

const TOO_MANY_MAILS = 'Too many e-mails asked for. Please wait and try again later.';
const TOO_MANY_PASSWORDS = 'Too many wrong passwords. Please wait a few minutes and try again.';

/** One more mail of `kind` for the account, or 429 past the hourly limit. */
async function countMail(deps: AccountDeps, kind: string, userId: number, now: Date) {
  const rule = deps.config.rateLimits.accountMail;
  const state = await hit(deps.db, `account:mail:${kind}:${userId}`, rule, now);
  if (state.hits > rule.max) throw tooMany(state, TOO_MANY_MAILS);
}

/**
 * Checks the account's current password, counting the attempt first (one atomic upsert), so of
 * many parallel guesses at most the limit reach the check; a right password gives its attempt
 * back. `field` is the body's name for it.
 */
async function checkCurrentPassword(
  { db, config }: AccountDeps,
  account: { id: number; passwordHash: string },
  password: string,
  field: string,
  now: Date,
) {
  const rule = config.rateLimits.accountPassword;
  const key = `account:password:${account.id}`;
  const state = await hit(db, key, rule, now);
  if (state.hits > rule.max) throw tooMany(state, TOO_MANY_PASSWORDS);
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw badRequest(AccountErrorCode.passwordIncorrect, 'The password is not correct.', field);
  }
  await refund(db, key, rule, now);
}

/** A new link to the account's own address; the older links of this kind stop working. */
export async function resendVerification(
  deps: AccountDeps,
  auth: AuthContext,
  now: Date,
): Promise<void> {
  if (!deps.config.mail.enabled) throw accountMailOff();
  const account = await loadAccount(deps.db, auth.userId);
  if (account.emailVerifiedAt !== null) {
    throw conflict(AccountErrorCode.emailAlreadyVerified, 'Your e-mail address is verified.');
  }
  await countMail(deps, 'verify', account.id, now);
  await deps.db.transaction((tx) => sendVerifyLink(tx, deps.config, account, now));
}

/**
 * Asks to change the account's address: a link to the new address makes the change when it is
 * followed, and the present address is told. Nothing else changes now.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  auth: AuthContext,
  body: ChangeEmailBody,
  now: Date,
): Promise<void> {
  if (!deps.config.mail.enabled) throw accountMailOff();
  const email = body.email.trim();
  if (!emailRe.test(email))
    throw badRequest(ErrorCode.emailInvalid, 'Invalid email format', 'email');
  const account = await loadAccount(deps.db, auth.userId);
  if (email.toLowerCase() === account.email.toLowerCase()) {
    throw badRequest(ErrorCode.emailInvalid, 'This is already your e-mail address.', 'email');
  }
  await checkCurrentPassword(deps, account, body.password, 'password', now);
  await countMail(deps, 'change', account.id, now);
  await deps.db.transaction((tx) => sendChangeLink(tx, deps.config, account, email, now));
}

/**
 * Sets a new password after checking the current one. Every other session of the account ends
 * on every process (the caller's stays signed in), open reset links are void, and the address
 * is told.
 */
export async function changePassword(
  deps: AccountDeps,
  auth: AuthContext,
  body: ChangePasswordBody,
  now: Date,
): Promise<void> {
  checkPassword(body.password);
  const account = await loadAccount(deps.db, auth.userId);
  await checkCurrentPassword(deps, account, body.currentPassword, 'currentPassword', now);
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, account.id));
    await revokeOtherSessions(tx, account.id, auth.sessionId, 'password_changed', now);
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, account.id), isNull(passwordResets.usedAt)));
    await queuePasswordChangedMail(tx, deps.config, account, 'the account settings', now, true);
  });
}
