import { sql } from 'drizzle-orm';
import { ErrorCode, type ReportBody } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';

/** What a report quotes for staff: the text reported, and the chat line's id. */
export interface Quoted {
  quote: string | null;
  chatLineId: number | null;
}

/** The inbox's HTML back to plain text for the quote (staff read it as text). */
const plainOf = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

const notTheirs = (field: 'messageid' | 'chatlineid', what: string) =>
  badRequest(ErrorCode.validation, `The reported player did not write this ${what}.`, field);

/**
 * The reported message (the reporter's own inbox row, 404 otherwise) or chat line (of the
 * alliance the reporter is a member of, 404 otherwise), copied for staff: the quote stays
 * whatever later happens to the message or line. The reported player must be its writer (400).
 */
export async function quoteOf(tx: Executor, reporterId: number, body: ReportBody): Promise<Quoted> {
  let quote: string | null = null;
  if (body.messageid !== undefined) {
    const [m] = await queryRows<{ sender_id: number | null; subject: string; body: string }>(
      tx,
      sql`select sender_id, subject, body from messages
        where id = ${body.messageid} and profile_id = ${reporterId}`,
    );
    if (!m) throw notFound('Message not found.', ErrorCode.messageNotFound);
    if (m.sender_id === null || Number(m.sender_id) !== body.profileid) {
      throw notTheirs('messageid', 'message');
    }
    quote = `${m.subject}\n\n${plainOf(m.body)}`;
  }
  if (body.chatlineid === undefined) return { quote, chatLineId: null };
  const [line] = await queryRows<{ profile_id: number | null; text: string }>(
    tx,
    sql`select c.profile_id, c.text from alliance_chat c
      join alliance_members m on m.alliance_id = c.alliance_id and m.profile_id = ${reporterId}
      where c.id = ${body.chatlineid}`,
  );
  if (!line) throw new AppError(404, ErrorCode.notFound, 'Chat line not found.', 'chatlineid');
  if (line.profile_id === null || Number(line.profile_id) !== body.profileid) {
    throw notTheirs('chatlineid', 'line');
  }
  const lineQuote = line.text;
  return { quote: quote ? `${quote}\n\n${lineQuote}` : lineQuote, chatLineId: body.chatlineid };
}
