import type { AppConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { ErrorCode } from '@aleph/contracts';
import { composeMail, enqueueMail, MAIL_GAME_NAME } from '../../core/mail.js';

/**
 * The account's mails that more than one path sends: the notice that a password changed (a
 * reset link, the wallet, the account settings) and the refusal when the server sends none.
 */

export interface MailAccount {
  login: string;
  email: string;
}

/**
 * Queues the notice that the account's password changed, in the caller's transaction (nothing
 * when mail is off). `how` completes "changed with ...": 'a reset link', 'your wallet'.
 * `keptThisDevice`: the change came from a signed-in device, which stays signed in.
 */
export async function queuePasswordChangedMail(
  tx: Executor,
  config: AppConfig,
  account: MailAccount,
  how: string,
  now: Date,
  keptThisDevice = false,
): Promise<void> {
  if (!config.mail.enabled) return;
  const signedOut = keptThisDevice
    ? 'every other device that was signed in was signed out'
    : 'every device that was signed in was signed out';
  const notice = composeMail({
    greeting: `Hello ${account.login},`,
    paragraphs: [
      `The password of your ${MAIL_GAME_NAME} account was just changed with ${how}, and ${signedOut}.`,
      'If that was not you, reset your password again at once and write to support.',
    ],
  });
  await enqueueMail(
    tx,
    {
      kind: 'password_changed',
      to: account.email,
      subject: `Your ${MAIL_GAME_NAME} password was changed`,
      ...notice,
    },
    now,
  );
}

/** 503 for the account settings' mail actions when the server runs with MAIL=off. */
export const accountMailOff = () =>
  new AppError(
    503,
    ErrorCode.mailOff,
    'This server sends no e-mail, so addresses cannot be verified or changed. Please contact support.',
  );
