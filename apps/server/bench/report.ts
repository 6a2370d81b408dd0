import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/config.js';
import type { CapacityStep } from './capacity.js';
import type { EndpointResult } from './http.js';
import { SETTLEMENT_BATCH_SIZE, SETTLEMENT_LANES } from '../src/jobs/settlement-worker.js';
import type { SettlementResult } from './settlement.js';
import type { FirstStartResult } from './first-start.js';
import type { WebResult } from './web.js';

export interface HttpPass {
  label: string;
  baseline: EndpointResult;
  results: EndpointResult[];
  memoryMb: number;
  connections: number;
  seconds: number;
}

export interface BenchReport {
  machine: { cpu: string; cores: number; memoryGb: number; node: string; postgres?: string };
  players: number;
  http: HttpPass[];
  capacity?: {
    steps: CapacityStep[];
    players: number;
    sustainedRps: number;
    exhausted: boolean;
    perPlayerRps: number;
    signedIn: number;
  };
  settlement: SettlementResult[];
  /** Balances that differ from their ledger after the settlement runs (0: books balanced). */
  ledgerProblems?: number;
  web?: WebResult;
  firstStart?: FirstStartResult;
}

export function machine(postgres?: string): BenchReport['machine'] {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    ...(postgres ? { postgres } : {}),
  };
}

const ok = (pass: boolean) => (pass ? 'met' : '**missed**');

function httpTable(pass: HttpPass, judgeMemory: boolean): string {
  const rows = [pass.baseline, ...pass.results].map((r) => {
    const base = r === pass.baseline ? r.rps : (r.baselineRps ?? pass.baseline.rps);
    const ratio = (r.rps / base) * 100;
    const target = r === pass.baseline ? '' : ok(ratio >= 12 && r.p99 < 50);
    const baseCell = r === pass.baseline ? 'mean of all runs' : String(base);
    return `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${baseCell} | ${ratio.toFixed(1)}% | ${r.errors + r.non2xx} | ${target} |`;
  });
  return [
    `### ${pass.label}: ${pass.connections} connections, ${pass.seconds} s per endpoint, peak server memory ${pass.memoryMb} MB ${
      judgeMemory
        ? `(${ok(pass.memoryMb < 300)})`
        : '(the database runs inside this process; the 300 MB target is for PostgreSQL)'
    }`,
    '',
    '| Endpoint | req/s | p50 ms | p99 ms | baseline req/s around it | of baseline | errors | target (>= 12 %, p99 < 50 ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
}

/** Hand-written sections of docs/performance.md, measured by hand, that a rewrite keeps. */
const KEPT_SECTIONS = ['## Compression', '## One write path'];

function keptSections(file: string): string[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return KEPT_SECTIONS.flatMap((heading) => {
    const start = text.indexOf(`\n${heading}\n`);
    if (start < 0) return [];
    const end = text.indexOf('\n## ', start + 1);
    return [text.slice(start + 1, end < 0 ? undefined : end).trimEnd(), ''];
  });
}

/** Writes docs/performance.md: the figures, the machine, and each target met or missed. */
export function writeReport(report: BenchReport, when: Date): string {
  const m = report.machine;
  const lines = [
    '# Performance',
    '',
    `Measured by \`npm run bench\` on ${when.toISOString().slice(0, 10)}: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB,`,
    `Node.js ${m.node}${m.postgres ? `, ${m.postgres}` : ''}. The load generator (autocannon), the server and the`,
    'database share this machine, so every figure is also given as a ratio to a trivial JSON route',
    '(`GET /health/live`) measured in the same run, just before and just after each endpoint (the ratio is to the mean of',
    `those two, since a shared machine's speed drifts). World: ${report.players.toLocaleString('en')} players with lands, heroes,`,
    'messages, running missions and weekly board scores. Each connection is a different signed-in player.',
    '',
    ...report.http.flatMap((p) => [httpTable(p, p.label === 'PostgreSQL'), '']),
  ];
  if (report.capacity) {
    const c = report.capacity;
    lines.push(
      '## Capacity in players',
      '',
      `One online player sends ${c.perPlayerRps.toFixed(4)} requests per second (dashboard every 60 s, running missions every`,
      '120 s, profile summary and unread count every 30 s, a mission check and start every 10 minutes). The mix is driven as an',
      `open loop (evenly spaced requests, each latency counted from when it was due) over ${c.signedIn.toLocaleString('en')} signed-in players at`,
      "rising rates until the p99 of all the mix's requests passes 100 ms, errors appear or the server falls behind (the",
      "worst single kind's p99 is shown beside it: for a rare kind such as a start it is nearly its one slowest answer),",
      'after a 10-second warm-up at the lowest rate (a just-started server fills every cache and settles the missions',
      'that fell due while the world was seeded: the players measured are online, not arriving).',
      'A rate that misses is run once more, since a checkpoint or a busy neighbour on this shared machine can stall any one',
      'window; the search ends at the first rate that misses twice. Every run is listed.',
      '',
      '| Target req/s | Run | Achieved req/s | p99 ms | Worst kind p99 ms | Errors | Per kind |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...c.steps.map(
        (s) =>
          `| ${s.rate} | ${s.attempt} | ${s.achieved} | ${s.p99} | ${s.worstKindP99} | ${s.errors} | ${s.detail} |`,
      ),
      '',
      `Sustained ${c.sustainedRps} req/s = **${c.exhausted ? 'at least ' : ''}${c.players.toLocaleString('en')} concurrent players** (target 30,000: ${ok(c.players >= 30_000)})${
        c.exhausted ? ': every rate tried held, so the limit lies higher' : ''
      }.`,
      '',
    );
  }
  if (report.settlement.length > 0) {
    lines.push(
      '## Settlement',
      '',
      `${report.settlement[0]!.missions.toLocaleString('en')} due missions (five heroes on each of a fifth as many lands) are settled by the server's own`,
      `settlement worker (\`startSettlementWorker\`, batches of ${SETTLEMENT_BATCH_SIZE}, ${SETTLEMENT_LANES} at once on PostgreSQL), each in a process of its own, timed from the moment every`,
      'worker is connected and told to go until the last one has nothing left; then as many again by two such processes at once.',
      "Each setting runs three times on fresh missions and its median is judged, since this shared machine's speed drifts.",
      '',
      '| Workers | Missions | Seconds | Missions/s | Each settled once |',
      '| --- | ---: | ---: | ---: | --- |',
    );
    for (const s of report.settlement) {
      lines.push(
        `| ${s.label} | ${s.missions} | ${s.seconds.toFixed(2)} | ${s.perSecond} | ${s.exactlyOnce ? 'yes' : '**no**'} |`,
      );
    }
    const median = (label: string) => {
      const runs = report.settlement
        .filter((s) => s.label === label)
        .map((s) => s.perSecond)
        .sort((a, b) => a - b);
      return runs.length === 0 ? undefined : runs[Math.floor((runs.length - 1) / 2)];
    };
    const one = median('one worker');
    const two = median('two worker processes');
    if (one !== undefined)
      lines.push(
        '',
        `One worker, median of its runs: **${one} missions/s** (target 5,000: ${ok(one >= 5000)}).` +
          (two === undefined ? '' : ` Two worker processes, median: ${two} missions/s.`),
      );
    if (report.ledgerProblems !== undefined)
      lines.push(
        '',
        report.ledgerProblems === 0
          ? 'Ledger audit afterwards: every balance equals the sum of its ledger entries.'
          : `Ledger audit afterwards: **${report.ledgerProblems} balances differ from their ledger**.`,
      );
    lines.push('');
  }
  if (report.web) {
    lines.push(
      '## Web app',
      '',
      `The login page loads ${report.web.jsFiles} JavaScript files, **${report.web.jsGzipKb} KB gzipped** (target < 180 KB: ${ok(report.web.jsGzipKb < 180)}).`,
      `The login form is usable ${report.web.loginUsableMs} ms after navigation starts (median, headless Chromium, same machine).`,
      `The page transfers ${report.web.transferKb} KB in all, of which ${report.web.jsTransferKb} KB of JavaScript as sent (fresh cache, median).`,
      '',
    );
  }
  if (report.firstStart) {
    const { first, later, idleSeconds } = report.firstStart;
    lines.push(
      '## Memory of a first start',
      '',
      'The built server started as a newcomer runs it (`npm start`: no settings, embedded PGlite) on a fresh data folder,',
      `so it migrates and creates the demo world, then started again on that folder. Resident memory: the peak (on the`,
      `first start, a child process migrates and creates the world: its peak plus what the server held meanwhile, if`,
      `higher than the server's own VmHWM) and what the server holds after ${idleSeconds} s idle.`,
      '',
      '| Start | Ready after s | Peak MB | Server peak MB | Setup child peak MB | Idle MB |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      `| first (fresh folder) | ${first.readySeconds} | ${first.peakMb} | ${first.serverPeakMb} | ${first.setupPeakMb ?? '-'} | ${first.steadyMb} |`,
      `| later (same folder) | ${later.readySeconds} | ${later.peakMb} | ${later.serverPeakMb} | ${later.setupPeakMb ?? '-'} | ${later.steadyMb} |`,
      '',
      `Targets: peak under 400 MB (${ok(first.peakMb < 400 && later.peakMb < 400)}), idle under 300 MB (${ok(first.steadyMb < 300 && later.steadyMb < 300)}).`,
      '',
    );
  }
  const file = path.join(repoRoot, 'docs/performance.md');
  lines.push(...keptSections(file));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
