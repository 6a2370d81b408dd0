import { sql } from 'drizzle-orm';
import { ErrorCode, type ChatLine } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { assertNotMuted } from '../../core/account-status.js';
import { CHAT_COLUMNS, chatLineOf, chatRoleOf, type ChatRow } from './chat-access.js';
import { pushLine } from './chat-service.js';

const { maxLength, perMinute } = SOCIAL_CONFIG.alliances.chat;
const MINUTE_MS = 60_000;

/** The line as stored: trimmed, 1..maxLength characters (400 naming `text` otherwise). */
export function chatText(raw: string): string {
  const text = raw.trim();
  if (text === '') throw badRequest(ErrorCode.bodyEmpty, 'Write something first.', 'text');
  if ([...text].length > maxLength) {
    throw badRequest(
      ErrorCode.bodyTooLong,
      `A chat line holds at most ${maxLength} characters.`,
      'text',
    );
  }
  return text;
}

/** 429 with when the member may write again (the oldest line of the window leaves it). */
function tooFast(oldest: Date, now: Date): AppError {
  const until = new Date(oldest.getTime() + MINUTE_MS);
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    429,
    ErrorCode.rateLimited,
    `You can write ${perMinute} lines a minute. Please wait ${seconds} seconds.`,
    undefined,
    { 'retry-after': String(seconds) },
    { until: until.toISOString() },
  );
}

/**
 * `POST /athar/alliances/{id}/chat`: a member posts a line (docs/api.md, "Alliances"). Under
 * the member row's lock (chatRoleOf) the member's lines of the last rolling minute are counted,
 * so parallel posts cannot pass the limit together; a muted member is refused (403
 * ACCOUNT_MUTED). The line is stored with the writer's nickname and pushed to every member
 * as `alliance.message` in the same transaction.
 */
export async function postChatLine(
  db: Db,
  profileId: number,
  allianceId: number,
  raw: string,
  now: Date,
): Promise<ChatLine> {
  const text = chatText(raw);
  return db.transaction(async (tx) => {
    await chatRoleOf(tx, allianceId, profileId, true);
    await assertNotMuted(tx, profileId, now);
    const [recent] = await queryRows<{ n: number; oldest: Date | string | null }>(
      tx,
      sql`select count(*)::int as n, min(created_at) as oldest from alliance_chat
          where profile_id = ${profileId} and created_at > ${new Date(now.getTime() - MINUTE_MS)}`,
    );
    if (recent && recent.n >= perMinute && recent.oldest !== null) {
      throw tooFast(new Date(recent.oldest), now);
    }
    const [row] = await queryRows<ChatRow>(
      tx,
      sql`insert into alliance_chat (alliance_id, profile_id, nickname, text, created_at)
          select ${allianceId}, p.id, p.nickname, ${text}, ${now} from profiles p
          where p.id = ${profileId}
          returning ${CHAT_COLUMNS}`,
    );
    const line = chatLineOf(row!);
    await pushLine(tx, allianceId, line, now);
    return line;
  });
}
