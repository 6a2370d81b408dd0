import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../lib/mailer.js';
import type { Job } from './housekeeping.js';

/** What the worker reports as it goes; the metrics module implements it. */
export interface MailObserver {
  /** Sampled at the start of every drain: mails not sent yet and not given up on. */
  pending(count: number): void;
  sent(): void;
  /** One failed attempt; `gaveUp` when it was the last one. */
  failed(gaveUp: boolean): void;
}

/** Mails one lease takes: a drain leases batch after batch until none is due. */
export const MAIL_BATCH_SIZE = 20;
/**
 * How long a worker holds a leased mail. Far longer than one send may take (the SMTP
 * transport gives up on a silent server within a couple of minutes: lib/mailer.ts), so another
 * process retries a mail only when the worker that leased it has died.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Attempts before a mail is given up on (`failed_at`); about three hours of retries. */
export const MAIL_MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;

/** The wait after the `attempts`-th failed attempt: 30 s, doubling, at most an hour. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface MailWorkerOptions {
  intervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  observer?: MailObserver;
}

interface LeasedMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * Leases the due mails of one batch in one statement: SKIP LOCKED keeps two workers off the
 * same rows while the statement runs, and `locked_until` keeps them off while one sends.
 */
async function leaseDue(db: Db, now: Date, batchSize: number, leaseMs: number) {
  return queryRows<LeasedMail>(
    db,
    sql`update mail_outbox
        set locked_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where sent_at is null and failed_at is null and send_after <= ${now}
            and (locked_until is null or locked_until <= ${now})
          order by id limit ${batchSize}
          for update skip locked)
        returning id, to_address, subject, text_body, html_body, attempts`,
  );
}

async function countPending(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null`,
  );
  return Number(row?.n ?? 0);
}

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'unknown error';

/**
 * Sends queued mail (docs/operations.md, "Mail"): every tick it leases the due mails, sends
 * each outside any transaction and marks it sent; a failed send waits 30 s, then twice as long
 * after each further failure (at most an hour), and is given up on after `maxAttempts`.
 * Safe to run in every server process: a mail is leased by one worker at a time, so it is
 * sent once. A down mail server loses nothing: the mail stays queued for the next attempt.
 * A worker that dies while sending leaves its lease to expire; the mail is then sent again,
 * the one case where it may arrive twice. Stopping the worker closes its mailer.
 */
export function startMailWorker(
  db: Db,
  clock: Clock,
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>,
  options: MailWorkerOptions = {},
): Job & { drain(): Promise<number> } {
  const intervalMs = options.intervalMs ?? 1000;
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const observer = options.observer;
  let stopped = false;
  let current: Promise<number> = Promise.resolve(0);

  const deliver = async (mail: LeasedMail): Promise<boolean> => {
    let messageId: string;
    try {
      ({ messageId } = await mailer.send({
        id: mail.id,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
      }));
    } catch (err) {
      const now = clock.now();
      const attempts = Number(mail.attempts);
      const gaveUp = attempts >= maxAttempts;
      const retryAt = new Date(now.getTime() + mailRetryDelayMs(attempts));
      await db.execute(
        sql`update mail_outbox
            set locked_until = null, last_error = ${errorText(err)}, send_after = ${retryAt},
              failed_at = ${gaveUp ? now : null}
            where id = ${mail.id}`,
      );
      observer?.failed(gaveUp);
      log.warn(
        { err, mailId: mail.id, attempts, ...(gaveUp ? {} : { retryAt }) },
        gaveUp ? 'mail given up on after its last attempt' : 'mail not sent; retrying later',
      );
      return false;
    }
    await db.execute(
      sql`update mail_outbox
          set sent_at = ${clock.now()}, message_id = ${messageId}, locked_until = null
          where id = ${mail.id}`,
    );
    observer?.sent();
    log.debug({ mailId: mail.id, messageId }, 'mail sent');
    return true;
  };

  /** Sends every mail due when it starts; resolves to how many were sent. */
  const drain = async (): Promise<number> => {
    if (observer) observer.pending(await countPending(db));
    let sent = 0;
    while (!stopped) {
      const batch = await leaseDue(db, clock.now(), batchSize, leaseMs);
      for (const mail of batch) if (await deliver(mail)) sent += 1;
      // A failed mail waits for its retry time, so the next lease does not take it again.
      if (batch.length < batchSize) break;
    }
    return sent;
  };

  const tick = () => {
    current = drain().catch((err: unknown) => {
      log.error({ err }, 'mail worker failed; retrying on the next tick');
      return 0;
    });
    void current.then(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  let timer = setTimeout(tick, intervalMs);

  return {
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      await mailer.close();
    },
  };
}
