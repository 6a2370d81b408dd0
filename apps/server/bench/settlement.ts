import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { startSettlementWorker } from '../src/jobs/settlement-worker.js';
import { systemClock } from '../src/lib/clock.js';
import { seedDueMissions, settleCounts } from './settle-seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));

interface Worker {
  /** Resolves once the process has connected and waits for `go`. */
  ready: Promise<void>;
  go(): void;
  /** What the worker settled, when its drain ended (this process's clock). */
  done: Promise<{ settled: number; endedAt: number }>;
}

/**
 * A worker process that connects first and starts draining on `go`, so the figure is the
 * settling alone, not Node.js starting up, and two workers start at the same moment.
 */
function spawnWorker(env: Record<string, string>): Worker {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(here, 'settle-worker.ts')],
    { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const done = new Promise<{ settled: number; endedAt: number }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === 'ready') onReady();
        else if (line.startsWith('{')) {
          const r = JSON.parse(line) as { settled: number };
          resolve({ settled: r.settled, endedAt: performance.now() });
        }
      }
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}`));
    });
  });
  return { ready, done, go: () => child.stdin.end('go\n') };
}

async function runWorkers(env: Record<string, string>, count: number) {
  const workers = Array.from({ length: count }, () => spawnWorker(env));
  await Promise.all(workers.map((w) => w.ready));
  const started = performance.now();
  for (const w of workers) w.go();
  const outs = await Promise.all(workers.map((w) => w.done));
  const ended = Math.max(...outs.map((o) => o.endedAt));
  return { settled: outs.map((o) => o.settled), ms: ended - started };
}

async function settleInProcess(database: Database) {
  const log = { debug: () => undefined, error: (...args: unknown[]) => console.error(...args) };
  const worker = startSettlementWorker(database.db, systemClock, log, {
    intervalMs: 3_600_000,
    lanes: 1,
  });
  const started = performance.now();
  const settled = await worker.drain();
  const ms = performance.now() - started;
  await worker.stop();
  return { settled: [settled], ms };
}

export interface SettlementResult {
  label: string;
  missions: number;
  settled: number;
  seconds: number;
  perSecond: number;
  exactlyOnce: boolean;
}

/** How many times each setting runs: the median of three is judged, since a shared machine's speed drifts. */
export const SETTLEMENT_RUNS = 3;

/**
 * 50,000 due missions by one worker, three times, then 50,000 more by two worker processes at
 * once, three times.
 */
export async function settlementBench(
  database: Database,
  env: Record<string, string>,
  missions: number,
  twoWorkers: boolean,
): Promise<{ results: SettlementResult[]; ledgerProblems: number }> {
  const results: SettlementResult[] = [];
  const rounds: Array<[string, number]> = [];
  for (let i = 0; i < SETTLEMENT_RUNS; i++) rounds.push(['one worker', 1]);
  if (twoWorkers)
    for (let i = 0; i < SETTLEMENT_RUNS; i++) rounds.push(['two worker processes', 2]);
  for (const [label, workers] of rounds) {
    const round = await seedDueMissions(database.db, missions, new Date());
    // PGlite serves one process, so its single worker runs here; PostgreSQL gets real processes.
    const out =
      database.kind === 'pglite' ? await settleInProcess(database) : await runWorkers(env, workers);
    const seconds = out.ms / 1000;
    const counts = await settleCounts(database.db, round);
    const settled = out.settled.reduce((s, n) => s + n, 0);
    const exactlyOnce =
      counts.settled === missions && counts.running === 0 && counts.reports === missions;
    results.push({
      label,
      missions,
      settled,
      seconds,
      perSecond: Math.round(missions / seconds),
      exactlyOnce,
    });
    console.info(
      `[settlement] ${label}: ${missions} missions in ${seconds.toFixed(2)} s = ${Math.round(missions / seconds)} missions/s; ` +
        `settled once each: ${exactlyOnce} (workers reported ${out.settled.join(' + ')})`,
    );
  }
  const problems = await auditLedger(database.db);
  console.info(
    `[settlement] ledger audit: ${problems.length === 0 ? 'books balanced' : `${problems.length} problems`}`,
  );
  return { results, ledgerProblems: problems.length };
}
