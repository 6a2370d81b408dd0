import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  EMAIL_PATTERN,
  ErrorCode,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESET_TOKEN_MINUTES,
  type RestoreBody,
  type RestoreConfirmBody,
  type RestoreWalletBody,
} from '@aleph/contracts';
import type { AppConfig } from '../../config.js';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { rateLimitClient } from '../../lib/ip-address.js';
import { hit, tooMany } from '../../lib/rate-limit.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { composeMail, enqueueMail } from '../../core/mail.js';
import { queuePasswordChangedMail } from './account-mails.js';
import { spendCaptcha } from './captcha.js';
import { hashPassword } from './passwords.js';
import { revokeUserSessions } from './sessions.js';
import { consumeNonce, isNonceUsable, nonceInvalid } from './nonces.js';
import { verifyRestoreMessage } from './siwe.js';

/**
 * Password recovery by e-mail (docs/api.md, "Password recovery"): a request proves a solved
 * captcha, is counted per client address and per e-mail address, and answers the same 202
 * after the same time whether or not an account has that address. Each account with the
 * address gets a mail with a single-use link valid RESET_TOKEN_MINUTES; a newer link voids the
 * older ones. Following it sets a new password, ends every session of the account and sends a
 * notice that the password changed.
 */

const emailRe = new RegExp(EMAIL_PATTERN);

/**
 * Every answer to a valid request leaves no earlier than this after the request began, so the
 * time does not tell whether a mail was queued (which takes a few database writes).
 */
export const RESTORE_ANSWER_MS = 400;

export interface RecoveryDeps {
  db: Db;
  config: AppConfig;
}

/** The registration's rules for a new password (400 PASSWORD_INVALID naming `password`). */
export function checkPassword(password: string) {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw badRequest(
      ErrorCode.passwordInvalid,
      `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
      'password',
    );
  }
}

export const mailOff = () =>
  new AppError(
    503,
    ErrorCode.mailOff,
    'Password recovery by e-mail is turned off on this server. Please contact support.',
  );

const TOO_MANY = 'Too many recovery requests. Please wait and try again later.';

export async function requestRestore(
  deps: RecoveryDeps,
  body: RestoreBody,
  address: string,
  now: Date,
): Promise<void> {
  const { config, db } = deps;
  if (!config.mail.enabled) throw mailOff();
  const email = body.email.trim();
  if (!emailRe.test(email)) {
    throw badRequest(
      ErrorCode.emailInvalid,
      'Please enter a valid email and confirm the captcha.',
      'email',
    );
  }
  const started = performance.now();
  await spendCaptcha(db, config, body.captcha);
  const { restorePerClient, restorePerEmail } = config.rateLimits;
  const byClient = await hit(
    db,
    `restore:client:${rateLimitClient(address)}`,
    restorePerClient,
    now,
  );
  if (byClient.hits > restorePerClient.max) throw tooMany(byClient, TOO_MANY);
  const byEmail = await hit(db, `restore:email:${email.toLowerCase()}`, restorePerEmail, now);
  if (byEmail.hits > restorePerEmail.max) throw tooMany(byEmail, TOO_MANY);

  const accounts = await queryRows<{ id: number; login: string; email: string }>(
    db,
    sql`select id, login, email from users where lower(email) = ${email.toLowerCase()} order by id`,
  );
  for (const account of accounts) await sendResetLink(deps, account, now);
  const rest = RESTORE_ANSWER_MS - (performance.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

async function sendResetLink(
  { db, config }: RecoveryDeps,
  account: { id: number; login: string; email: string },
  now: Date,
) {
  const token = randomToken();
  const link = `${config.mail.publicUrl}/restore-password/${token}`;
  const mail = composeMail({
    greeting: `Hello ${account.login},`,
    paragraphs: [
      'Someone, hopefully you, asked to reset the password of your Aleph account.',
      `The link below sets a new password. It works once, for ${RESET_TOKEN_MINUTES} minutes.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    link: { label: 'Set a new password', url: link },
  });
  await db.transaction(async (tx) => {
    // A new link voids the account's older ones.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, account.id));
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    });
    await enqueueMail(
      tx,
      { kind: 'password_reset', to: account.email, subject: 'Reset your Aleph password', ...mail },
      now,
    );
  });
}

const tokenInvalid = () =>
  badRequest(
    ErrorCode.resetTokenInvalid,
    'This link has expired or was already used. Please ask for a new one.',
    'token',
  );

export async function confirmRestore(
  { db, config }: RecoveryDeps,
  body: RestoreConfirmBody,
  now: Date,
): Promise<void> {
  checkPassword(body.password);
  if (body.token.length === 0) throw tokenInvalid();
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(body.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) throw tokenInvalid();
    await setNewPassword(tx, config, used.userId, passwordHash, 'a reset link', now);
  });
}

/**
 * The new password of a recovered account: every session of it ends on every process (whoever
 * held one, or read the mail, is signed out), its open reset links are void, and its address
 * gets a notice (when mail is on).
 */
async function setNewPassword(
  tx: Executor,
  config: AppConfig,
  userId: number,
  passwordHash: string,
  how: string,
  now: Date,
) {
  const [account] = await tx
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ login: users.login, email: users.email });
  if (!account) throw tokenInvalid();
  await revokeUserSessions(tx, userId, 'password_reset', now);
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await queuePasswordChangedMail(tx, config, account, how, now);
}

/**
 * Restore with the registered wallet: a fresh EIP-4361 message saying 'Sign to restore
 * access' for this site, signed by the address an account registered with, sets a new
 * password. Counted per client address like the e-mail requests; the nonce is single use.
 */
export async function restoreWithWallet(
  deps: RecoveryDeps,
  body: RestoreWalletBody,
  domain: string,
  address: string,
  now: Date,
): Promise<void> {
  const { db, config } = deps;
  checkPassword(body.password);
  const rule = config.rateLimits.restorePerClient;
  const byClient = await hit(db, `restore:client:${rateLimitClient(address)}`, rule, now);
  if (byClient.hits > rule.max) throw tooMany(byClient, TOO_MANY);
  const signed = await verifyRestoreMessage(
    body,
    { domain, chainId: config.payments.chainId, maxAgeSeconds: config.nonceTtlSeconds },
    now,
  );
  if (!(await isNonceUsable(db, signed.nonce, now))) throw nonceInvalid();
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, signed.address.toLowerCase()));
  if (!owner) {
    throw badRequest(
      ErrorCode.walletNotRegistered,
      'No account was registered with this wallet.',
      'message',
    );
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await consumeNonce(tx, signed.nonce, now);
    await setNewPassword(tx, config, owner.id, passwordHash, 'your wallet', now);
  });
}
