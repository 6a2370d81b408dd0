import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolStats } from '../db/client.js';
import { transactionRetries } from '../db/retry.js';
import type { MailObserver } from '../jobs/mail-worker.js';
import type { PushObserver } from '../jobs/push-worker.js';
import type { SettlementObserver } from '../jobs/settlement-worker.js';

/**
 * The process's own series (memory, CPU, event-loop lag, GC, handles) are prom-client's
 * default metrics, kept once per process; every app built in it (tests build many) adds its
 * own registry of game series. A scrape answers both.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    new Counter({
      name: 'aleph_db_transaction_retries_total',
      help: 'Transactions run again after a deadlock or a serialization failure (db/retry.ts).',
      labelNames: ['reason'],
      registers: [processRegistry],
      collect() {
        this.reset();
        for (const [reason, n] of Object.entries(transactionRetries())) this.labels(reason).inc(n);
      },
    });
  }
  return processRegistry;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface AppMetrics {
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  loginThrottled: Counter;
  /** Distinct access tokens resolved by one session lookup query. */
  sessionLookupBatch: Histogram;
  /** Arena attacks fought in one transaction by the attack desk. */
  arenaAttackBatch: Histogram;
  settlement: SettlementObserver;
  mail: MailObserver;
  push: PushObserver;
  contentType: string;
  /** The Prometheus text of the process and of this app. */
  render(): Promise<string>;
  close(): void;
}

export function createAppMetrics(
  database: Database,
  onDbError: (err: Error) => void,
  openStreams: () => number = () => 0,
): AppMetrics {
  const proc = processMetrics();
  const registry = new Registry();
  const registers = [registry];
  new Gauge({
    name: 'aleph_push_streams',
    help: 'Push streams (GET /events) open in this process.',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  const httpRequests = new Counter({
    name: 'aleph_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'aleph_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const loginThrottled = new Counter({
    name: 'aleph_login_throttled_total',
    help: 'Login attempts refused with 429 by the login throttling (per client or per username).',
    registers,
  });
  const sessionLookupBatch = new Histogram({
    name: 'aleph_session_lookup_batch_size',
    help: 'Access tokens resolved by one session lookup query: requests that arrive together, or while earlier lookups wait on the database, share one query (_count: queries, _sum: tokens).',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers,
  });
  const arenaAttackBatch = new Histogram({
    name: 'aleph_arena_attack_batch_size',
    help: "Arena attacks fought in one transaction by this process's attack desk: attacks that arrive together, or while earlier batches run, share one (_count: batches, _sum: attacks).",
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers,
  });
  const settled = new Counter({
    name: 'aleph_settlement_missions_settled_total',
    help: "Missions settled by this process's settlement worker (a player's own request also settles their due missions; those are not counted).",
    registers,
  });
  const batchDuration = new Histogram({
    name: 'aleph_settlement_batch_duration_seconds',
    help: 'Duration of one settlement batch transaction (claim, apply, write), empty ones included.',
    buckets: BATCH_BUCKETS,
    registers,
  });
  const due = new Gauge({
    name: 'aleph_settlement_due_missions',
    help: 'Missions past their ETA and not settled yet, sampled by the worker at each tick.',
    registers,
  });
  const oldestDue = new Gauge({
    name: 'aleph_settlement_oldest_due_seconds',
    help: 'How long ago the ETA of the oldest unsettled due mission was, at the last sample (0: none).',
    registers,
  });
  const failures = new Counter({
    name: 'aleph_settlement_failures_total',
    help: 'Worker ticks that failed (typically: the database was unreachable); the next tick retries.',
    registers,
  });
  const lastSuccess = new Gauge({
    name: 'aleph_settlement_last_success_timestamp_seconds',
    help: 'Unix time at which the worker last finished a tick with nothing left due.',
    registers,
  });
  const workflows = new Counter({
    name: 'aleph_workflows_run_total',
    help: "Pending workflows (profile level-ups) run by this process's worker.",
    registers,
  });

  const mailSent = new Counter({
    name: 'aleph_mail_sent_total',
    help: "Mails this process's mail worker handed to the SMTP server (or wrote to the outbox folder).",
    registers,
  });
  const mailFailed = new Counter({
    name: 'aleph_mail_failed_attempts_total',
    help: 'Failed attempts to send a mail; gave_up="true" for a last attempt (the mail is given up on).',
    labelNames: ['gave_up'],
    registers,
  });
  const mailPending = new Gauge({
    name: 'aleph_mail_pending',
    help: 'Mails queued and not sent yet (due or waiting for a retry), sampled by the mail worker.',
    registers,
  });

  const pushSent = new Counter({
    name: 'aleph_push_sent_total',
    help: "Web pushes a push service accepted from this process's push worker (one per device).",
    registers,
  });
  const pushFailed = new Counter({
    name: 'aleph_push_failed_attempts_total',
    help: 'Failed attempts to send a web push; gave_up="true" when it will not be tried again.',
    labelNames: ['gave_up'],
    registers,
  });
  const pushRemoved = new Counter({
    name: 'aleph_push_devices_removed_total',
    help: 'Devices removed because their push service answered 404 or 410 (unsubscribed).',
    registers,
  });

  let unsubscribe = () => undefined as void;
  const stats = database.poolStats;
  if (stats) {
    const pool = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(stats()));
        },
      });
    pool(
      'aleph_db_pool_total_connections',
      'Open PostgreSQL connections of this process.',
      (s) => s.total,
    );
    pool('aleph_db_pool_idle_connections', 'Open connections not in use.', (s) => s.idle);
    pool(
      'aleph_db_pool_waiting_queries',
      'Queries waiting for a free connection.',
      (s) => s.waiting,
    );
    pool('aleph_db_pool_max_connections', 'The pool size (DATABASE_POOL_SIZE).', (s) => s.max);
    const dbErrors = new Counter({
      name: 'aleph_db_connection_errors_total',
      help: 'PostgreSQL connections that failed outside a query and were replaced.',
      registers,
    });
    const remove = database.onConnectionError?.((err) => {
      dbErrors.inc();
      onDbError(err);
    });
    if (remove) unsubscribe = () => void remove();
  }

  return {
    httpRequests,
    httpDuration,
    loginThrottled,
    sessionLookupBatch,
    arenaAttackBatch,
    settlement: {
      due(count, oldestAgeSeconds) {
        due.set(count);
        oldestDue.set(count > 0 ? oldestAgeSeconds : 0);
      },
      batch(n, seconds) {
        if (n > 0) settled.inc(n);
        batchDuration.observe(seconds);
      },
      workflows(n) {
        if (n > 0) workflows.inc(n);
      },
      // Real Unix time, which Prometheus compares with its own time(): not the game's clock.
      // eslint-disable-next-line no-restricted-properties
      succeeded: () => lastSuccess.set(Date.now() / 1000),
      failed: () => failures.inc(),
    },
    mail: {
      pending: (count) => mailPending.set(count),
      sent: () => mailSent.inc(),
      failed: (gaveUp) => mailFailed.labels(String(gaveUp)).inc(),
    },
    push: {
      sent: () => pushSent.inc(),
      failed: (gaveUp) => pushFailed.labels(String(gaveUp)).inc(),
      removed: () => pushRemoved.inc(),
    },
    contentType: registry.contentType,
    async render() {
      const [own, system] = await Promise.all([registry.metrics(), proc.metrics()]);
      return `${system}\n${own}`;
    },
    close: () => unsubscribe(),
  };
}
