import { sql } from 'drizzle-orm';
import type { SentMessagePage } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';

/** Rows of one page of the 'Sent' view. */
export const SENT_PAGE = 50;
const INT4_MAX = 2_147_483_647;

/**
 * `GET /hatif/messages/sent?cursor=`: the player's sent messages, newest first (by id, which
 * grows with every send). The cursor is the last id of the previous page; withheld messages
 * (the recipient blocks the sender) are listed like any other.
 */
export async function listSent(
  db: Executor,
  senderId: number,
  cursor: string | undefined,
): Promise<SentMessagePage> {
  const before = cursor === undefined ? INT4_MAX : Math.min(Number(cursor), INT4_MAX);
  const rows = await queryRows<{
    id: number;
    recipient_id: number;
    nickname: string;
    subject: string;
    body: string;
    created_at: Date | string;
  }>(
    db,
    sql`select s.id, s.recipient_id, p.nickname, s.subject, s.body, s.created_at
      from sent_messages s join profiles p on p.id = s.recipient_id
      where s.sender_id = ${senderId} and s.id < ${before}
      order by s.id desc limit ${SENT_PAGE + 1}`,
  );
  const page = rows.slice(0, SENT_PAGE);
  const last = page[page.length - 1];
  return {
    messages: page.map((r) => ({
      id: Number(r.id),
      to: r.nickname,
      toProfileid: Number(r.recipient_id),
      subject: r.subject,
      body: r.body,
      created: new Date(r.created_at).toISOString(),
    })),
    nextCursor: rows.length > SENT_PAGE && last ? String(last.id) : null,
  };
}
