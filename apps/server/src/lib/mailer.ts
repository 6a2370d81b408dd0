import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One mail for a transport: an outbox row (docs/operations.md, "Mail"). */
export interface MailerMessage {
  /** The outbox row's id: names the .eml file in the outbox folder. */
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mails go: an SMTP server, or the outbox folder in development. */
export interface Mailer {
  /** Resolves once the mail is handed over; rejects if it was not (try again later). */
  send(mail: MailerMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export interface MailerSettings {
  /** smtp:// or smtps://; absent: write .eml files into `outboxDir`. */
  smtpUrl: string | undefined;
  /** The From: of every mail. */
  from: string;
  outboxDir: string;
}

/** What the outbox logs: one line per mail. */
export interface MailerLog {
  info(details: object, message: string): void;
}

/**
 * Everything a mail carries is in the message: the transports never read a file or URL that
 * a message names, and give up on a silent server well within the mail worker's lease.
 */
const MESSAGE_SAFETY = { disableFileAccess: true, disableUrlAccess: true } as const;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

const message = (from: string, mail: MailerMessage) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
});

/** Sends through the SMTP server of `smtpUrl` (its user, password and TLS mode are in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
    ...MESSAGE_SAFETY,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Writes each mail as `<outboxDir>/<id>.eml` (RFC 822, what an SMTP server would have received)
 * and logs one line naming the file and the recipient: development needs no mail server, and
 * `npm run admin -- mail show <id>` prints the same mail.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailerLog): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...MESSAGE_SAFETY,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport gave no buffer');
      await mkdir(outboxDir, { recursive: true });
      const name = `${mail.id}.eml`;
      const file = path.join(outboxDir, name);
      // Written whole, then renamed: a reader never sees half a mail.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, file);
      log.info(
        { file, to: mail.to, mailId: mail.id },
        `mail ${mail.id} to ${mail.to} written to ${file}`,
      );
      return { messageId: name };
    },
    async close() {
      transport.close();
    },
  };
}

/** SMTP when `smtpUrl` is set, else the outbox folder. */
export function createMailer(settings: MailerSettings, log: MailerLog): Mailer {
  return settings.smtpUrl
    ? createSmtpMailer(settings.smtpUrl, settings.from)
    : createOutboxMailer(settings.outboxDir, settings.from, log);
}
