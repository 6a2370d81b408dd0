import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { composeMail, enqueueMail } from '../src/core/mail.js';
import { startMailWorker } from '../src/jobs/mail-worker.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { createSmtpMailer } from '../src/lib/mailer.js';
import { openTestDatabase, TEST_EPOCH } from './helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

const quiet = { debug() {}, warn() {}, error() {} };
const MAILS = 30;

/**
 * Two servers' mail workers on one PostgreSQL database, each with its own pool, clock and
 * SMTP connection, as two processes behind a load balancer: every mail arrives exactly once.
 * PGlite serves one connection, so there is no race to test on it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two mail workers on one PostgreSQL', () => {
  let database: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    ({ database, drop } = opened);
    second = await openDatabase({ databaseUrl: opened.url, poolSize: 5 });
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    await smtp?.stop();
    await second?.close();
    await database?.close();
    await drop?.();
  });

  it('sends each of 30 queued mails exactly once', async () => {
    const now = TEST_EPOCH;
    const subjects = new Set<string>();
    await database.db.transaction(async (tx) => {
      for (let i = 1; i <= MAILS; i += 1) {
        const subject = `Race mail ${i}`;
        subjects.add(subject);
        const body = composeMail({ greeting: `Hello ${i},`, paragraphs: ['One of thirty.'] });
        await enqueueMail(tx, { kind: 'test', to: `racer${i}@example.org`, subject, ...body }, now);
      }
    });
    const worker = (db: Database) =>
      startMailWorker(
        db.db,
        new AdjustableClock({ now: () => TEST_EPOCH }),
        createSmtpMailer(smtp.url, 'Aleph <no-reply@game.example>'),
        quiet,
        // Small batches and quick ticks, so the two interleave.
        { intervalMs: 5, batchSize: 3 },
      );
    const a = worker(database);
    const b = worker(second);
    let sent: number[];
    try {
      // Besides their own ticks, both drain at once, twice over.
      sent = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      const deadline = performance.now() + 30_000;
      for (;;) {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from mail_outbox where sent_at is null`,
        );
        if (Number(row?.n) === 0) break;
        if (performance.now() > deadline) throw new Error(`${row?.n} mails still unsent`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      // Stopping waits for a send in progress: after it, nothing more can arrive.
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(sent.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(MAILS);
    const arrived = smtp.mails.map((m) => m.subject ?? '').filter((s) => subjects.has(s));
    expect(arrived).toHaveLength(MAILS);
    expect(new Set(arrived).size).toBe(MAILS);
    const rows = await queryRows<{ attempts: number; message_id: string | null }>(
      database.db,
      sql`select attempts, message_id from mail_outbox`,
    );
    expect(rows.map((r) => Number(r.attempts))).toEqual(Array(MAILS).fill(1));
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(MAILS);
  });
});
