import { sql } from 'drizzle-orm';
import { ErrorCode, SocialErrorCode } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { readableTime } from '../../core/account-status.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const limits = SOCIAL_CONFIG.messages;

const asTime = (v: Date | string) => new Date(v).getTime();

/** 429 RATE_LIMITED with when it opens again, as a sentence, `until` and Retry-After. */
function tooMany(what: string, until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    429,
    ErrorCode.rateLimited,
    `${what} You can send again at ${readableTime(until)}.`,
    undefined,
    { 'retry-after': String(seconds) },
    { until: until.toISOString() },
  );
}

/**
 * The sender's limits (docs/game-rules.md, Player messages), read under the sender's profile
 * lock so parallel sends are counted one after another: `perHour` messages in any rolling hour
 * and `newRecipientsPerDay` players never written to before in any rolling day. Withheld
 * messages (the recipient blocks the sender) count too: the sender must not learn of a block.
 */
export async function assertWithinLimits(
  tx: Executor,
  senderId: number,
  recipientId: number,
  now: Date,
): Promise<void> {
  const hour = await queryRows<{ at: Date | string }>(
    tx,
    sql`select created_at as at from sent_messages
      where sender_id = ${senderId} and created_at > ${new Date(now.getTime() - HOUR_MS)}
      order by created_at`,
  );
  if (hour.length >= limits.perHour) {
    // The hour opens again when enough of its messages have left the window.
    const until = new Date(asTime(hour[hour.length - limits.perHour]!.at) + HOUR_MS);
    throw tooMany(`You can send ${limits.perHour} messages an hour.`, until, now);
  }
  const before = await queryRows<{ n: number }>(
    tx,
    sql`select 1 as n from sent_messages
      where sender_id = ${senderId} and recipient_id = ${recipientId} limit 1`,
  );
  if (before.length > 0) return;
  const firsts = await queryRows<{ at: Date | string }>(
    tx,
    sql`select min(created_at) as at from sent_messages where sender_id = ${senderId}
      group by recipient_id having min(created_at) > ${new Date(now.getTime() - DAY_MS)}
      order by 1`,
  );
  const max = limits.newRecipientsPerDay;
  if (firsts.length >= max) {
    const until = new Date(asTime(firsts[firsts.length - max]!.at) + DAY_MS);
    throw tooMany(`You can write to ${max} new players a day.`, until, now);
  }
}

/**
 * Below `freeWriteLevel` a player may write only to players who wrote to them: throwaway
 * accounts cannot spam (403 MAY_NOT_WRITE_YET).
 */
export async function assertMayWrite(
  tx: Executor,
  sender: { id: number; level: number },
  recipientId: number,
): Promise<void> {
  if (sender.level >= limits.freeWriteLevel) return;
  const wrote = await queryRows<{ n: number }>(
    tx,
    sql`select 1 as n from sent_messages
      where sender_id = ${recipientId} and recipient_id = ${sender.id} limit 1`,
  );
  if (wrote.length > 0) return;
  throw forbidden(
    SocialErrorCode.mayNotWriteYet,
    `From profile level ${limits.freeWriteLevel} you can write to any player; until then only to players who wrote to you.`,
  );
}
