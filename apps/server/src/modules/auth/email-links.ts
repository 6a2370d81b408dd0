import type { AppConfig } from '../../config.js';
import type { Tx } from '../../db/client.js';

/**
 * Queues the mail with the link that verifies an account's e-mail address
 * (`PUBLIC_URL/verify-email/<token>`), in the transaction that creates the account.
 * Scaffold: the account-settings work fills this in.
 */
export async function queueVerificationMail(
  _tx: Tx,
  _config: AppConfig,
  _userId: number,
  _email: string,
  _now: Date,
): Promise<void> {}
