import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, type CliContext } from '../src/cli/command.js';
import { mail as mailCommand } from '../src/cli/commands/mail.js';
import { queryRows, type Database } from '../src/db/client.js';
import { composeMail, enqueueMail, type OutgoingMail } from '../src/core/mail.js';
import { mailRetryDelayMs, startMailWorker } from '../src/jobs/mail-worker.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { createMailer, createOutboxMailer, createSmtpMailer } from '../src/lib/mailer.js';
import { createAppMetrics } from '../src/metrics/metrics.js';
import { openTestDatabase, TEST_EPOCH } from './helpers.js';
import { addressText, startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

const FROM = 'Aleph <no-reply@game.example>';
/** The workers here tick only when a test drains them. */
const NEVER = 3_600_000;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let database: Database;
let drop: () => Promise<void>;
let smtp: SmtpTestServer;
const clock = new AdjustableClock({ now: () => TEST_EPOCH });

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
  await drop();
});

let serial = 0;
function newMail(kind = 'test'): OutgoingMail {
  serial += 1;
  const body = composeMail({
    greeting: `Hello player ${serial},`,
    paragraphs: ['Someone asked to reset your password.', 'If it was not you, ignore this mail.'],
    link: { label: 'Choose a new password', url: `https://game.example/reset#token-${serial}` },
  });
  return { kind, to: `player${serial}@example.org`, subject: `Mail number ${serial}`, ...body };
}

const queue = (mail: OutgoingMail) =>
  database.db.transaction((tx) => enqueueMail(tx, mail, clock.now()));

interface OutboxRow {
  attempts: number;
  last_error: string | null;
  sent_at: Date | string | null;
  failed_at: Date | string | null;
  send_after: Date | string;
  locked_until: Date | string | null;
  message_id: string | null;
}
async function row(id: number): Promise<OutboxRow> {
  const [r] = await queryRows<OutboxRow>(
    database.db,
    sql`select attempts, last_error, sent_at, failed_at, send_after, locked_until, message_id
        from mail_outbox where id = ${id}`,
  );
  if (!r) throw new Error(`no mail ${id}`);
  return r;
}

const smtpWorker = () =>
  startMailWorker(database.db, clock, createSmtpMailer(smtp.url, FROM), quiet, {
    intervalMs: NEVER,
  });

describe('composeMail', () => {
  it('writes the text and an escaped HTML version that loads nothing', () => {
    const { text, html } = composeMail({
      greeting: 'Hello <b>Eve</b> & co,',
      paragraphs: ['Line one\nline two', 'Second "paragraph"'],
      link: { label: 'Reset <now>', url: 'https://game.example/reset?a=1&b=2' },
    });
    expect(text).toBe(
      'Hello <b>Eve</b> & co,\n\nLine one\nline two\n\nSecond "paragraph"\n\n' +
        'Reset <now>:\nhttps://game.example/reset?a=1&b=2\n\n— Aleph\n',
    );
    expect(html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt; &amp; co,');
    expect(html).toContain('Line one<br>line two');
    expect(html).toContain('<a href="https://game.example/reset?a=1&amp;b=2"');
    expect(html).toContain('Reset &lt;now&gt;</a>');
    expect(html).not.toMatch(/<img|<script|<link|url\(|src=/i);
    // The link is the only address in the mail.
    expect(html.match(/https?:\/\//g)).toHaveLength(2);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      composeMail({ greeting: 'Hi', paragraphs: [], link: { label: 'x', url: 'javascript:1' } }),
    ).toThrow('http(s)');
  });
});

describe('the mail worker with an SMTP server', () => {
  it('sends a queued mail with its bodies, From, To and Subject, once', async () => {
    const mail = newMail('password_reset');
    const id = await queue(mail);
    expect(await row(id)).toMatchObject({ attempts: 0, sent_at: null });
    const worker = smtpWorker();
    try {
      expect(await worker.drain()).toBe(1);
      const got = await smtp.waitForMail((m) => m.subject === mail.subject);
      expect(got.from?.value).toEqual([{ name: 'Aleph', address: 'no-reply@game.example' }]);
      expect(addressText(got.to)).toBe(mail.to);
      expect(got.text?.trim()).toBe(mail.text.trim());
      expect(got.html).toContain('Choose a new password</a>');
      expect(got.html).toContain(mail.html.match(/href="([^"]+)"/)?.[1]);
      const sent = await row(id);
      expect(sent).toMatchObject({ attempts: 1, last_error: null, locked_until: null });
      expect(sent.sent_at).not.toBeNull();
      expect(sent.message_id).toBe(got.messageId);
      // Nothing is due any more: a second drain sends nothing.
      expect(await worker.drain()).toBe(0);
      expect(smtp.mails.filter((m) => m.subject === mail.subject)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('keeps a mail queued while the server is down and sends it once after it is back', async () => {
    await smtp.stop();
    const mail = newMail();
    const id = await queue(mail);
    const worker = smtpWorker();
    try {
      expect(await worker.drain()).toBe(0);
      const failed = await row(id);
      expect(failed).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(new Date(failed.send_after).getTime()).toBe(
        clock.now().getTime() + mailRetryDelayMs(1),
      );
      await smtp.restart();
      // Back, but the mail waits for its retry time.
      expect(await worker.drain()).toBe(0);
      expect((await row(id)).attempts).toBe(1);
      clock.advance(mailRetryDelayMs(1));
      expect(await worker.drain()).toBe(1);
      await smtp.waitForMail((m) => m.subject === mail.subject);
      expect(await row(id)).toMatchObject({ attempts: 2 });
      expect((await row(id)).sent_at).not.toBeNull();
      expect(await worker.drain()).toBe(0);
      expect(smtp.mails.filter((m) => m.subject === mail.subject)).toHaveLength(1);
    } finally {
      await smtp.restart();
      await worker.stop();
    }
  });

  it('backs off 30 s doubling to an hour and gives up after the last attempt', async () => {
    expect([1, 2, 3, 4, 7, 8, 10].map(mailRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    await smtp.stop();
    const mail = newMail();
    const id = await queue(mail);
    const worker = startMailWorker(database.db, clock, createSmtpMailer(smtp.url, FROM), quiet, {
      intervalMs: NEVER,
      maxAttempts: 3,
    });
    try {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect(await worker.drain()).toBe(0);
        expect((await row(id)).attempts).toBe(attempt);
        clock.advance(mailRetryDelayMs(attempt));
      }
      const gaveUp = await row(id);
      expect(gaveUp.failed_at).not.toBeNull();
      expect(gaveUp.sent_at).toBeNull();
      await smtp.restart();
      clock.advance(24 * 3_600_000);
      expect(await worker.drain()).toBe(0);
      expect((await row(id)).attempts).toBe(3);
    } finally {
      await smtp.restart();
      await worker.stop();
    }
  });

  it('counts sent mails, failed attempts and the queue in the metrics', async () => {
    const metrics = createAppMetrics(database, () => undefined);
    const worker = startMailWorker(database.db, clock, createSmtpMailer(smtp.url, FROM), quiet, {
      intervalMs: NEVER,
      observer: metrics.mail,
    });
    try {
      const mail = newMail();
      await queue(mail);
      expect(await worker.drain()).toBe(1);
      await smtp.stop();
      await queue(newMail());
      expect(await worker.drain()).toBe(0);
      await worker.drain();
      const text = await metrics.render();
      expect(text).toMatch(/^aleph_mail_sent_total 1$/m);
      expect(text).toMatch(/^aleph_mail_failed_attempts_total\{gave_up="false"\} 1$/m);
      // Sampled at the start of the last drain: the mail waiting for its retry.
      expect(text).toMatch(/^aleph_mail_pending 1$/m);
    } finally {
      await smtp.restart();
      await worker.stop();
      metrics.close();
    }
    // The retried mail goes out, so later tests start with an empty queue.
    clock.advance(mailRetryDelayMs(1));
    const again = smtpWorker();
    try {
      expect(await again.drain()).toBe(1);
    } finally {
      await again.stop();
    }
  });

  it('does not send a mail whose transaction rolled back', async () => {
    const mail = newMail();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail, clock.now());
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    const worker = smtpWorker();
    try {
      expect(await worker.drain()).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});

describe('the outbox folder without SMTP_URL', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'aleph-mail-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each mail as a parseable .eml and logs the file and the recipient', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const lines: string[] = [];
    const log = { info: (_details: object, message: string) => void lines.push(message) };
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir }, log);
    const mail = newMail('password_reset');
    const id = await queue(mail);
    const worker = startMailWorker(database.db, clock, mailer, quiet, { intervalMs: NEVER });
    try {
      // Mails queued by earlier tests were all sent or given up on.
      expect(await worker.drain()).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(readdirSync(outboxDir)).toEqual([`${id}.eml`]);
    const file = path.join(outboxDir, `${id}.eml`);
    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.subject).toBe(mail.subject);
    expect(addressText(parsed.to)).toBe(mail.to);
    expect(parsed.from?.value).toEqual([{ name: 'Aleph', address: 'no-reply@game.example' }]);
    expect(parsed.text?.trim()).toBe(mail.text.trim());
    expect(parsed.html).toContain('Choose a new password</a>');
    expect(lines).toEqual([`mail ${id} to ${mail.to} written to ${file}`]);
    expect((await row(id)).message_id).toBe(`${id}.eml`);
  });

  it('rejects a send it cannot write, so the worker retries it', async () => {
    const notAFolder = path.join(dataDir, 'a-file');
    writeFileSync(notAFolder, '');
    const mailer = createOutboxMailer(path.join(notAFolder, 'outbox'), FROM, quiet);
    await expect(
      mailer.send({ id: 1, to: 'a@example.org', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow(/ENOTDIR|EEXIST/);
    await mailer.close();
  });
});

describe('npm run admin -- mail', () => {
  async function run(...argv: string[]) {
    const chunks: string[] = [];
    const ctx: CliContext = {
      db: database.db,
      now: TEST_EPOCH,
      out: { write: (t) => chunks.push(t) },
    };
    const code = await runCommand(mailCommand, ctx, argv);
    return { code, text: chunks.join('') };
  }

  it('lists the mails newest first with their status, attempts and last error', async () => {
    const { code, text } = await run('list');
    expect(code).toBe(0);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^id\s+created \(UTC\)\s+kind\s+to\s+subject\s+status\s+attempts\s+last error$/,
    );
    const ids = lines.slice(1, -1).map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(text).toMatch(/password_reset\s+player\d+@example\.org\s+Mail number \d+\s+sent\s+1/);
    // The mail that was given up on after three refused connections.
    expect(text).toMatch(/failed\s+3\s+.*(ECONNREFUSED|connect)/i);
    expect(lines.at(-1)).toMatch(/^\d+ mails\. "mail show <id>" prints one\.$/);
    const limited = await run('list', '--limit', '1');
    expect(limited.text.trimEnd().split('\n')).toHaveLength(3);
    expect(limited.text).toContain('showing the newest 1 (use --limit to see more)');
  });

  it('shows one mail: its headers and its text body with the link', async () => {
    const mail = newMail('password_reset');
    const id = await queue(mail);
    const { code, text } = await run('show', String(id));
    expect(code).toBe(0);
    expect(text).toContain(`Mail ${id} (password_reset): pending, next attempt from 2026-`);
    expect(text).toContain(`To: ${mail.to}\nSubject: ${mail.subject}\n`);
    expect(text).toContain(`\n\n${mail.text}`);
    expect(text).toContain(`https://game.example/reset#token-${serial}`);
  });

  it('refuses a missing or unknown id and an unknown sub-command', async () => {
    await expect(run('show', '999999')).rejects.toThrow('No mail 999999.');
    await expect(run('show')).rejects.toThrow('Missing id. Usage: mail show <id>');
    await expect(run('show', 'x')).rejects.toThrow('The mail id must be a whole number');
    await expect(run('send')).rejects.toThrow('Unknown mail command "send": list or show.');
    await expect(run()).rejects.toThrow('mail what? list or show.');
  });
});
