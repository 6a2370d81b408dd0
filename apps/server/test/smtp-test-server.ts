import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type { ParsedMail };

/** A real SMTP server on 127.0.0.1 for tests: what the mail worker sends arrives here, parsed. */
export interface SmtpTestServer {
  /** `smtp://127.0.0.1:<port>`: the SMTP_URL to send through. */
  url: string;
  port: number;
  /** Every mail received so far, in order of arrival (kept across stop and restart). */
  mails: ParsedMail[];
  /** The first mail, received or still to come, that `predicate` accepts; rejects after `timeoutMs`. */
  waitForMail(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Closes the port, as a mail server that is down: a send is refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

/** The plain-text address of a parsed header (`To:`, `From:`). */
export const addressText = (field: ParsedMail['to'] | ParsedMail['from']) =>
  (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text).join(', ');

/**
 * Starts a server that accepts any sender, recipient and login, without TLS, parses each
 * message with mailparser and keeps it in `mails`. Stop it in the test's afterAll.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const mails: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };

  const create = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A test that stops the server does not wait for idle connections.
      closeTimeout: 1000,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username ?? 'test' });
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            mails.push(mail);
            notify();
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });

  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });

  let server: SMTPServer | null = create();
  const port = await listen(server, 0);

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async restart() {
      if (server) return;
      server = create();
      await listen(server, port);
    },
  };
}
