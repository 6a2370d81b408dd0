import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that the game server sends its mail to (SMTP_URL). */
export interface Mailbox {
  url: string;
  /** The first mail to `to` whose subject matches, received or still to come. */
  mailTo(to: string, subject: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

const addresses = (field: ParsedMail['to']) =>
  (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text.toLowerCase()).join(',');

export async function startMailbox(): Promise<Mailbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    async mailTo(to, subject, timeoutMs = 60_000) {
      // A bound, not a pace: the server's mail worker sends within a second or two.
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(
          (m) => addresses(m.to).includes(to.toLowerCase()) && subject.test(m.subject ?? ''),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
