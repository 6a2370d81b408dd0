import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';
import { PlayerEvents, writeEvents } from './events.js';
import { jsonRows } from './json-rows.js';
import { plainText, sanitizeMessageHtml } from './sanitize.js';

export const SYSTEM_SENDER = 'Lands of Aleph';

export interface NewMessage {
  profileId: number;
  subject: string;
  body: string;
  kind: 'system' | 'mission' | 'announcement' | 'levelup' | 'welcome' | 'player';
  senderName?: string;
  /** The writing player of a player message (kind 'player'). */
  senderId?: number;
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
    ...(m.senderId ? { senderId: m.senderId } : {}),
    ...(m.readAt ? { readAt: m.readAt.toISOString() } : {}),
  };
}

export interface WriteOptions {
  /**
   * The transaction's push events, written later by the caller in one statement with its
   * other events (settlement). Absent: the writer writes its events itself.
   */
  events?: PlayerEvents;
}

/** An announcement's copy tells the open pages of it; `inbox.new` follows for every copy. */
const announcementOf = (m: Pick<NewMessage, 'subject' | 'announcementId'>) =>
  m.announcementId ? { announcementId: m.announcementId, subject: plainText(m.subject) } : null;

/** Writes the events now, unless the caller collects them for its own write. */
async function finish(tx: Executor, events: PlayerEvents, options: WriteOptions, at: Date) {
  if (!options.events) await writeEvents(tx, events, at);
}

/**
 * The insert of `list` as one statement answering the new ids and recipients (`returning id,
 * profile_id`), for a caller
 * that runs it inside a statement of its own (a CTE: the arena's battle statement writes the
 * defender's report with the battle). `onlyIf` is a condition the rows are inserted under (a
 * sibling CTE's result). Pair it with `bookMessageEvents` in the same transaction.
 */
export function messagesInsert(list: readonly NewMessage[], onlyIf?: SQL): SQL {
  const rows = list.map((m) => ({ profileId: m.profileId, ...clean(m) }));
  // Identity values are drawn as the ordered rows are inserted, so the ids in ascending order
  // are the messages in the order of the list (another transaction's ids may fall between).
  return sql`insert into messages
      (profile_id, sender_name, sender_id, subject, body, kind, announcement_id, created_at, read_at)
    select "profileId", coalesce(sender, ${SYSTEM_SENDER}), "senderId", subject, body, kind, "announcementId", at, "readAt"
    from rows from (jsonb_to_recordset(${jsonRows(rows)}) as ("profileId" int, sender text, "senderId" int,
      subject text, body text, kind text, "announcementId" int, at timestamptz, "readAt" timestamptz))
      with ordinality as v("profileId", sender, "senderId", subject, body, kind, "announcementId", at,
        "readAt", ord)
    ${onlyIf ? sql`where ${onlyIf}` : sql``}
    order by ord
    returning id, profile_id`;
}

/**
 * The push events of written messages into `events`: each recipient of an unread message gets
 * `inbox.new`, an announcement's copy `announcement` too. Answers whether any was added.
 */
export function bookMessageEvents(list: readonly NewMessage[], events: PlayerEvents): boolean {
  const unread = list.filter((m) => !m.readAt);
  if (unread.length === 0) return false;
  for (const m of unread) {
    const announcement = announcementOf(m);
    if (announcement) events.add(m.profileId, 'announcement', announcement);
  }
  events.inboxNew(unread.map((m) => m.profileId));
  return true;
}

/**
 * The one writer of inbox messages, in the caller's transaction: one statement for any
 * number of messages (a settlement batch writes hundreds of reports). Answers the new
 * messages' ids in the order of `list`; each recipient of an unread message gets `inbox.new`.
 */
export async function writeMessages(
  tx: Executor,
  list: readonly NewMessage[],
  options: WriteOptions = {},
): Promise<number[]> {
  if (list.length === 0) return [];
  const ids = await queryRows<{ id: number }>(tx, messagesInsert(list));
  const ordered = ids.map((r) => Number(r.id)).sort((a, b) => a - b);
  const events = options.events ?? new PlayerEvents();
  if (bookMessageEvents(list, events)) {
    await finish(tx, events, options, latest(list.filter((m) => !m.readAt)));
  }
  return ordered;
}

const latest = (list: readonly NewMessage[]) =>
  list.reduce((max, m) => (m.at > max ? m.at : max), list[0]!.at);

/**
 * One message to every profile `audience` selects (a query answering `id`), copied by one
 * `insert ... select`: ten thousand players cost one statement (and their push events one
 * more). Returns the number of recipients.
 */
export async function writeMessageToAll(
  tx: Executor,
  audience: SQL,
  message: Omit<NewMessage, 'profileId'>,
  options: WriteOptions = {},
): Promise<number> {
  const m = clean(message);
  const sender = m.sender ?? SYSTEM_SENDER;
  const announcementId = m.announcementId ?? null;
  const readAt = m.readAt ?? null;
  const sent = await queryRows<{ p: number }>(
    tx,
    sql`insert into messages (profile_id, sender_name, subject, body, kind, announcement_id, created_at, read_at)
          select p.id, ${sender}::text, ${m.subject}::text, ${m.body}::text, ${m.kind}::text,
            ${announcementId}::int, ${m.at}::timestamptz, ${readAt}::timestamptz
          from (${audience}) p
          returning profile_id as p`,
  );
  const recipients = sent.map((r) => r.p);
  if (!readAt && recipients.length > 0) {
    const events = options.events ?? new PlayerEvents();
    const announcement = announcementOf(message);
    if (announcement) events.broadcast(recipients, 'announcement', announcement);
    events.inboxNew(recipients);
    await finish(tx, events, options, message.at);
  }
  return sent.length;
}
