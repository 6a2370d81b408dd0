import type { Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

/** The game's name as mails show it: in the greeting's signature and the HTML title. */
export const MAIL_GAME_NAME = 'Aleph';

/** One mail as it is queued and sent: both bodies, so every mail client shows it well. */
export interface OutgoingMail {
  /** What the mail is about (`password_reset`, `password_changed`, ...), for operators. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues a mail in the caller's transaction (docs/operations.md, "Mail"): it is sent by the
 * mail worker after the transaction commits, and never if it rolls back. Nothing is sent
 * inside a request. Returns the outbox row's id.
 */
export async function enqueueMail(tx: Executor, mail: OutgoingMail, now: Date): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdAt: now,
      sendAfter: now,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}

/** What a mail says; `composeMail` writes it as plain text and as HTML. */
export interface MailContent {
  /** `Hello Alice,` */
  greeting: string;
  /** Plain text, one paragraph each; line breaks inside one are kept. */
  paragraphs: readonly string[];
  /** One button-like link (a reset link); its URL is also written out in full. */
  link?: { label: string; url: string };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML elements and double-quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The text and HTML bodies of a mail from plain text: every piece is escaped, so a player's
 * name cannot inject markup. The HTML loads nothing (no images, no tracking pixels, no remote
 * styles); the link, when given, is the only URL and is written out in the text as well.
 */
export function composeMail(content: MailContent): { text: string; html: string } {
  const { greeting, paragraphs, link } = content;
  const signature = `— ${MAIL_GAME_NAME}`;
  const textParts = [greeting, ...paragraphs];
  if (link) textParts.push(`${link.label}:\n${link.url}`);
  textParts.push(signature);
  const text = `${textParts.join('\n\n')}\n`;

  const para = (t: string) =>
    `<p style="margin:0 0 16px">${escapeHtml(t).replace(/\r?\n/g, '<br>')}</p>`;
  const htmlParts = [para(greeting), ...paragraphs.map(para)];
  if (link) {
    if (!/^https?:\/\//.test(link.url)) throw new Error('A mail link must be an http(s) URL');
    const href = escapeHtml(link.url);
    htmlParts.push(
      `<p style="margin:0 0 16px"><a href="${href}" style="font-weight:bold">${escapeHtml(link.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(link.url)}</p>`,
    );
  }
  htmlParts.push(para(signature));
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(MAIL_GAME_NAME)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;color:#222;max-width:600px">',
    ...htmlParts,
    '</body></html>',
    '',
  ].join('\n');
  return { text, html };
}
