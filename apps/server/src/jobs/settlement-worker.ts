import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { settleDueListings } from '../modules/bazaar/settle.js';
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

/**
 * Batches one worker settles at once. While PostgreSQL writes one batch, the process works
 * out the next: on two cores this settles about half as many again per second as one lane.
 * Each lane claims only missions whose hero, land and player no other lane holds.
 */
export const SETTLEMENT_LANES = 2;

export interface SettlementOptions {
  intervalMs?: number;
  batchSize?: number;
  /** 1 on PGlite, whose one connection runs one transaction at a time. */
  lanes?: number;
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
  const lanes = Math.max(1, options.lanes ?? SETTLEMENT_LANES);
  const observer = options.observer;
  let stopped = false;
  let current: Promise<number> = Promise.resolve(0);

  const drain = async (): Promise<number> => {
    if (observer) {
      const due = await sampleDue(db, clock.now());
      observer.due(due.count, due.oldestAgeSeconds);
    }
    // Missions due when the drain starts; those that fall due meanwhile wait for the next tick,
    // so a steady stream of missions cannot keep the drain (and the workflows after it) going.
    const now = clock.now();
    const lane = async () => {
      let settled = 0;
      while (!stopped) {
        const started = performance.now();
        const n = await settleDueBatch(db, now, batchSize, clock.now());
        const ms = performance.now() - started;
        observer?.batch(n, ms / 1000);
        if (n > 0) log.debug({ settled: n, batchSize, ms: Math.round(ms) }, 'settlement batch');
        settled += n;
        // A short batch is not the end: it may have passed over missions another lane held.
        if (n === 0) break;
      }
      return settled;
    };
    // Every lane has ended before the drain does, also when one failed: no lane outlives its tick.
    const ends = await Promise.allSettled(Array.from({ length: lanes }, lane));
    let total = 0;
    for (const end of ends) {
      if (end.status === 'rejected') throw end.reason;
      total += end.value;
    }
    // Workflows (profile level-ups) run in the same loop, apart from the requests that start them.
    while (!stopped) {
      const run = await runPendingWorkflows(db, clock.now(), batchSize);
      observer?.workflows(run);
      if (run > 0) log.debug({ workflows: run }, 'workflows run');
      if (run < batchSize) break;
    }
    // Bazaar listings past their end (auctions, expiries), each ended once (docs/game-rules.md).
    while (!stopped) {
      const ended = await settleDueListings(db, clock.now(), batchSize);
      if (ended > 0) log.debug({ listings: ended }, 'bazaar listings ended');
      if (ended < batchSize) break;
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
    // A drain that settled something goes again at once: missions fell due while it ran, and
    // a pause of a whole interval after each drain would let a steady stream of them pile up
    // (docs/performance.md, "Push"). An idle or failed drain waits for the interval.
    void current.then((settled) => {
      if (!stopped) timer = setTimeout(tick, settled > 0 ? 0 : intervalMs);
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
