import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { plainText, sanitizeMessageHtml } from '../../core/sanitize.js';
import { SYSTEM_SENDER, writeMessageToAll } from '../../core/inbox.js';
import { recordStaffAction, type StaffRecord } from '../../core/staff-log.js';

export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;

export interface AnnouncementInput {
  subject: string;
  /** Plain text: paragraphs separated by blank lines. Never HTML. */
  body: string;
  sender?: string;
}

export interface AnnounceOptions {
  /** Deliver to these profiles only (the demo world's); absent: every profile. */
  onlyProfiles?: readonly number[];
  /**
   * Staff's announcement (the CLI, the console): written to the staff log with it, as row `id`
   * when the caller reserved one (core/staff-log.ts).
   */
  staff?: StaffRecord & { id?: number };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * Plain text to the inbox's HTML. Everything is escaped first, so the only markup in the
 * result is the <p> and <br> added here: safe by construction, whatever the operator typed.
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

function validate(input: AnnouncementInput) {
  const subject = plainText(input.subject);
  if (subject.length === 0) throw badRequest('SUBJECT_EMPTY', 'The subject is empty.', 'subject');
  if (subject.length > SUBJECT_MAX) {
    throw badRequest(
      'SUBJECT_TOO_LONG',
      `The subject is longer than ${SUBJECT_MAX} characters.`,
      'subject',
    );
  }
  if (input.body.length > BODY_MAX) {
    throw badRequest('BODY_TOO_LONG', `The body is longer than ${BODY_MAX} characters.`, 'body');
  }
  // Safe already; sanitised anyway, like every body written to an inbox.
  const body = sanitizeMessageHtml(plainTextToHtml(input.body));
  if (body.length === 0) throw badRequest('BODY_EMPTY', 'The body is empty.', 'body');
  const sender = plainText(input.sender ?? '') || SYSTEM_SENDER;
  return { subject, body, sender };
}

/**
 * Stores the announcement and, in the same transaction, one inbox message for each
 * recipient (one statement for all of them). Returns the number of recipients.
 */
export async function announce(
  db: Db,
  input: AnnouncementInput,
  now: Date,
  options: AnnounceOptions = {},
): Promise<number> {
  const { subject, body, sender } = validate(input);
  const only = options.onlyProfiles;
  const audience = only ? sql`where id = any(${`{${only.join(',')}}`}::int[])` : sql``;
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into announcements (sender_name, subject, body, created_at)
          values (${sender}, ${subject}, ${body}, ${now}) returning id`,
    );
    if (!row) throw new Error('announcement insert returned no row');
    const recipients = await writeMessageToAll(tx, sql`select id from profiles ${audience}`, {
      senderName: sender,
      subject,
      body,
      kind: 'announcement',
      announcementId: row.id,
      at: now,
    });
    if (options.staff) {
      await recordStaffAction(tx, {
        ...options.staff,
        action: 'announce',
        details: { announcementId: row.id, subject, recipients },
        at: now,
      });
    }
    return recipients;
  });
}
