import { startMailWorker } from '../src/jobs/mail-worker.js';
import { createSmtpMailer } from '../src/lib/mailer.js';
import { createTestContext, testConfig, type TestContext } from './helpers.js';
import { addressText, startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

export interface MailContext {
  ctx: TestContext;
  smtp: SmtpTestServer;
  /** Sends what the app queued, to the real SMTP server (its timer is an hour: tests drain). */
  worker: ReturnType<typeof startMailWorker>;
  /** Sends what is queued; answers the mails to `to` whose subject matches, once `count` came. */
  mailsTo(
    to: string,
    subject: RegExp,
    count?: number,
  ): Promise<Array<{ from: string; text: string; html: string }>>;
  close(): Promise<void>;
}

/**
 * An app whose mail goes through the mail worker to a real SMTP server on loopback, with links
 * to https://game.test (the mail tests' set-up, shared).
 */
export async function startMailContext(): Promise<MailContext> {
  const smtp = await startSmtpTestServer();
  const config = testConfig();
  const ctx = await createTestContext({
    mail: { ...config.mail, enabled: true, smtpUrl: smtp.url, publicUrl: 'https://game.test' },
  });
  const worker = startMailWorker(
    ctx.database.db,
    ctx.clock,
    createSmtpMailer(smtp.url, config.mail.from),
    ctx.app.log,
    { intervalMs: 3_600_000 },
  );
  return {
    ctx,
    smtp,
    worker,
    async mailsTo(to, subject, count = 1) {
      await worker.drain();
      const matching = () =>
        smtp.mails.filter(
          (m) =>
            addressText(m.to).toLowerCase().includes(to.toLowerCase()) &&
            subject.test(m.subject ?? ''),
        );
      await smtp.waitForMail(() => matching().length >= count, 20_000);
      return matching().map((m) => ({
        from: addressText(m.from),
        text: m.text ?? '',
        html: m.html || '',
      }));
    },
    async close() {
      await worker.stop();
      await ctx.close();
      await smtp.stop();
    },
  };
}
