import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { settleDueBatch } from '../modules/missions/settle.js';
import { runPendingWorkflows } from '../modules/workflows/service.js';
import type { Job } from './housekeeping.js';

/** What the worker reports as it goes; the metrics module implements it. */
export interface SettlementObserver {
  /** Sampled at the start of every tick: the backlog the worker finds, and its oldest ETA. */
  due(count: number, oldestAgeSeconds: number): void;
  /** One claimed batch (also an empty one): missions settled and how long it took. */
  batch(settled: number, seconds: number): void;
  workflows(run: number): void;
  /** A tick that ended with nothing left to do. */
  succeeded(): void;
  failed(): void;
}

/**
 * Missions per transaction. Larger batches spread each commit's fixed cost over more missions;
 * 500 keeps one batch's locks to well under a second on a small machine.
 */
export const SETTLEMENT_BATCH_SIZE = 500;

export interface SettlementOptions {
  intervalMs?: number;
  batchSize?: number;
  observer?: SettlementObserver;
}

/** How many missions are due and not settled yet, and how late the oldest one is. */
async function sampleDue(db: Db, now: Date): Promise<{ count: number; oldestAgeSeconds: number }> {
  const [row] = await queryRows<{ n: number; oldest: Date | string | null }>(
    db,
    sql`select count(*)::int as n, min(eta) as oldest from missions
        where status = 'running' and eta <= ${now}`,
  );
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return { count: Number(row?.n ?? 0), oldestAgeSeconds: (now.getTime() - oldest) / 1000 };
}

/**
 * Settles due missions in the background, batch after batch until none is due, runs pending
 * workflows, then waits for the next tick. Safe to run in every server process: batches are claimed with
 * FOR UPDATE SKIP LOCKED, so two workers never take the same mission. A failed tick (the
 * database is unreachable) is logged and the next tick tries again: nothing is lost, since
 * due missions stay due until some worker settles them.
 */
export function startSettlementWorker(
  db: Db,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>,
  options: SettlementOptions = {},
): Job & { drain(): Promise<number> } {
  const intervalMs = options.intervalMs ?? 1000;
  const batchSize = options.batchSize ?? SETTLEMENT_BATCH_SIZE;
  const observer = options.observer;
  let stopped = false;
  let current: Promise<number> = Promise.resolve(0);

  const drain = async (): Promise<number> => {
    if (observer) {
      const due = await sampleDue(db, clock.now());
      observer.due(due.count, due.oldestAgeSeconds);
    }
    let total = 0;
    while (!stopped) {
      const started = performance.now();
      const settled = await settleDueBatch(db, clock.now(), batchSize);
      const ms = performance.now() - started;
      observer?.batch(settled, ms / 1000);
      if (settled > 0) log.debug({ settled, batchSize, ms: Math.round(ms) }, 'settlement batch');
      total += settled;
      if (settled < batchSize) break;
    }
    // Workflows (profile level-ups) run in the same loop, apart from the requests that start them.
    while (!stopped) {
      const run = await runPendingWorkflows(db, clock.now(), batchSize);
      observer?.workflows(run);
      if (run > 0) log.debug({ workflows: run }, 'workflows run');
      if (run < batchSize) break;
    }
    observer?.succeeded();
    return total;
  };

  const tick = () => {
    current = drain().catch((err: unknown) => {
      observer?.failed();
      log.error({ err }, 'settlement failed; retrying on the next tick');
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
    },
  };
}
