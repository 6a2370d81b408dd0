import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { jsonRows } from '../game/json-rows.js';
import { plainText, sanitizeMessageHtml } from './sanitize.js';

export const SYSTEM_SENDER = 'Lands of Aleph';

export interface NewMessage {
  profileId: number;
  subject: string;
  body: string;
  kind: 'system' | 'mission' | 'announcement' | 'levelup' | 'welcome';
  senderName?: string;
  announcementId?: number | null;
  at: Date;
  /** Already read (the demo world's history); absent: unread. */
  readAt?: Date | null;
}

/**
 * Subjects and sender names are plain text, bodies sanitised HTML, whoever wrote them. Fields
 * at their default (the system sender, unread, no announcement) are left out: a settlement
 * batch sends hundreds of reports in one parameter.
 */
function clean(m: Omit<NewMessage, 'profileId'>) {
  const sender = plainText(m.senderName ?? SYSTEM_SENDER);
  return {
    subject: plainText(m.subject),
    body: sanitizeMessageHtml(m.body),
    kind: m.kind,
    at: m.at.toISOString(),
    ...(sender === SYSTEM_SENDER ? {} : { sender }),
    ...(m.announcementId ? { announcementId: m.announcementId } : {}),
    ...(m.readAt ? { readAt: m.readAt.toISOString() } : {}),
  };
}

/**
 * The one writer of inbox messages, in the caller's transaction: one statement for any
 * number of messages (a settlement batch writes hundreds of reports).
 */
export async function writeMessages(tx: Executor, list: readonly NewMessage[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((m) => ({ profileId: m.profileId, ...clean(m) }));
  await tx.execute(sql`insert into messages
      (profile_id, sender_name, subject, body, kind, announcement_id, created_at, read_at)
    select "profileId", coalesce(sender, ${SYSTEM_SENDER}), subject, body, kind, "announcementId", at, "readAt"
    from jsonb_to_recordset(${jsonRows(rows)}) as v("profileId" int, sender text, subject text,
      body text, kind text, "announcementId" int, at timestamptz, "readAt" timestamptz)`);
}

/**
 * One message to every profile `audience` selects (a query answering `id`), copied by one
 * `insert ... select`: ten thousand players cost one statement. Returns the recipients.
 */
export async function writeMessageToAll(
  tx: Executor,
  audience: SQL,
  message: Omit<NewMessage, 'profileId'>,
): Promise<number> {
  const m = clean(message);
  const sender = m.sender ?? SYSTEM_SENDER;
  const announcementId = m.announcementId ?? null;
  const readAt = m.readAt ?? null;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with sent as (
          insert into messages (profile_id, sender_name, subject, body, kind, announcement_id, created_at, read_at)
          select p.id, ${sender}::text, ${m.subject}::text, ${m.body}::text, ${m.kind}::text,
            ${announcementId}::int, ${m.at}::timestamptz, ${readAt}::timestamptz
          from (${audience}) p
          returning 1
        )
        select count(*)::int as n from sent`,
  );
  return Number(row?.n ?? 0);
}
