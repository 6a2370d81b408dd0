import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/client.js';
import { auditLedger } from '../src/modules/game/audit.js';
import { settleDueBatch } from '../src/modules/missions/settle.js';
import { seedDueMissions, settleCounts } from './settle-seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function runWorker(env: Record<string, string>): Promise<{ settled: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(here, 'settle-worker.ts')],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`worker exited ${code}`)),
    );
  });
}

async function settleInProcess(database: Database) {
  const started = performance.now();
  let settled = 0;
  for (;;) {
    const n = await settleDueBatch(database.db, new Date(), 500);
    settled += n;
    if (n === 0) break;
  }
  return { settled, ms: performance.now() - started };
}

export interface SettlementResult {
  label: string;
  missions: number;
  settled: number;
  seconds: number;
  perSecond: number;
  exactlyOnce: boolean;
}

/** 50,000 due missions by one worker, then 50,000 more by two worker processes at once. */
export async function settlementBench(
  database: Database,
  env: Record<string, string>,
  missions: number,
  twoWorkers: boolean,
): Promise<SettlementResult[]> {
  const results: SettlementResult[] = [];
  const rounds: Array<[string, number]> = [['one worker', 1]];
  if (twoWorkers) rounds.push(['two worker processes', 2]);
  for (const [label, workers] of rounds) {
    const round = await seedDueMissions(database.db, missions, new Date());
    const started = performance.now();
    // PGlite serves one process, so its single worker runs here; PostgreSQL gets real processes.
    const outs =
      database.kind === 'pglite'
        ? [await settleInProcess(database)]
        : await Promise.all(Array.from({ length: workers }, () => runWorker(env)));
    const seconds = (performance.now() - started) / 1000;
    const counts = await settleCounts(database.db, round);
    const settled = outs.reduce((s, o) => s + o.settled, 0);
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
        `settled once each: ${exactlyOnce} (workers reported ${outs.map((o) => o.settled).join(' + ')})`,
    );
  }
  const problems = await auditLedger(database.db);
  console.info(
    `[settlement] ledger audit: ${problems.length === 0 ? 'books balanced' : `${problems.length} problems`}`,
  );
  return results;
}
