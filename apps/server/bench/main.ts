import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.js';
import { capacityBench, PLAYER_RATE } from './capacity.js';
import { BASELINE, gameEndpoints } from './endpoints.js';
import { runEndpoint, type EndpointResult } from './http.js';
import { firstStartBench } from './first-start.js';
import { benchPlayers } from './players.js';
import {
  HTTP_PEAK_MEMORY_MB,
  machine,
  memoryJudged,
  writeReport,
  type BenchReport,
  type HttpPass,
} from './report.js';
import { BENCH_PASSWORD, seedWorld } from './seed.js';
import { ensureDatabase } from './bench-database.js';
import { signIn, startBenchServer, type BenchServer } from './server-process.js';
import { pushBench } from './push.js';
import { recordsBench } from './records.js';
import { settlementBench } from './settlement.js';
import { webBench } from './web.js';
import { arenaBench } from './arena.js';
import { mapBench } from './map.js';
import { lighthouseBench } from './lighthouse.js';
import { traderBench } from './trader.js';
import { chatBench } from './chat.js';
import { bazaarBench } from './bazaar.js';
import { webPushBench } from './web-push.js';
import { messageSenders, type MessageSenders } from './message-senders.js';

/**
 * `npm run bench` (PGlite) or `DATABASE_URL=... npm run bench` (PostgreSQL, plus the same
 * endpoints on PGlite for comparison). Options: --players=10000 --duration=10
 * --connections=64 --missions=50000 --capacity-players=1000 --rates=500,1000,...
 * --only=http|capacity|settle|web|lighthouse|first-start|push (or several, comma-separated) --write=true|false.
 * --endpoints=boards: the http part measures only the endpoints whose name contains one of these
 * (comma-separated, any case), with the baseline around each as always.
 * The lighthouse part: --lighthouse-runs=3 (each form factor; every figure is the median).
 * The push part (PostgreSQL only): --push-streams=15000 --push-rate=5000 --push-seconds=10
 * --push-players=60000,30000,15000 (the verification's sizes, the next tried if one does not hold)
 * --push-processes=4 --push-verify-seconds=60 --push-warmup=15 --push-pool=10 --push-parts=streams,capacity,verify.
 * The arena part runs only when named (--only=arena): its own PostgreSQL database
 * (ARENA_DATABASE_URL, default bench_arena); --arena-players=10000, --arena-earned=true gives
 * every bench player the first-win achievement beforehand, --arena-rates=100,200,300,400 the attacks a
 * second offered by an open loop after the closed one (each for --duration), --arena-warmup=3 the
 * seconds each of those loads runs before its measured --duration (timed apart). Its figures are printed.
 * --write=true (the default) writes the run's full report to bench/last-run.md (git ignores it);
 * docs/performance.md is kept by hand from it.
 * The map part runs only when named (--only=map): it fills its own PostgreSQL database
 * (MAP_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_map, created if missing)
 * with 500,000 lands; --map-players=1000 owners. Its figures are printed, not written.
 * The chat part runs only when named (--only=chat, PostgreSQL: CHAT_DATABASE_URL, else
 * DATABASE_URL, else bench_chat, created if missing): --chat-alliances=1000,300 (alliances of 30,
 * the next size run only when one does not hold) --chat-rate=0.1 (lines a second per alliance)
 * --chat-seconds=30 --chat-warmup=5 --chat-processes=2 --chat-pool=10. Its figures are printed.
 * The bazaar part runs only when named (--only=bazaar, PostgreSQL: BAZAAR_DATABASE_URL, default
 * bench_bazaar, created if missing): --bazaar-players=6000 (the first --connections buy, the rest
 * sell) --bazaar-listings=100000 --bazaar-auctions=2000. Its figures are printed.
 * The web push part runs only when named (--only=webpush; `push` is the event streams' part):
 * pushes a second to a loopback push service, the sender alone (--webpush-pushes=20000
 * --webpush-concurrency=64) and one worker's drain on PostgreSQL (WEBPUSH_DATABASE_URL, default
 * bench_webpush, created if missing; --webpush-players=5000 --webpush-devices=2);
 * --webpush-parts=sender,worker. Its figures are printed.
 */
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? 'true'] as const;
  }),
);
const PLAYERS = Number(args.get('players') ?? 10_000);
const DURATION = Number(args.get('duration') ?? 10);
const CONNECTIONS = Number(args.get('connections') ?? 64);
const MISSIONS = Number(args.get('missions') ?? 50_000);
/** Players signed in for the capacity mix (spread over many players, as real traffic is). */
const CAPACITY_PLAYERS = Number(args.get('capacity-players') ?? 1000);
/** Players taking turns at POST /hatif/messages: each sends far fewer than the hour's limit. */
const MESSAGE_SENDERS = 2000;
/** --only=http, or several parts: --only=http,capacity. */
const only = args.get('only')?.split(',');
/** --endpoints=boards,lands: the http part's endpoints whose name contains one of these. */
const endpointNames = args.get('endpoints')?.toLowerCase().split(',');
const runs = (part: string) => !only || only.includes(part);
const databaseUrl = process.env.DATABASE_URL;
const CAPACITY_RATES = '500,1000,1500,2000,2500,2750,3000,3250,3500,3750,4000,4500,5000,5500,6000';
/** The push mix's rates: finer at the low end, where 60,000 players' 733 req/s lies. */
const PUSH_RATES = '250,500,750,1000,1250,1500,2000,2500,3000,3500,4000,5000,6000';

function print(label: string, rows: EndpointResult[], baseline: EndpointResult) {
  for (const r of rows) {
    const base = r.baselineRps ?? baseline.rps;
    console.info(
      `[${label}] ${r.name.padEnd(40)} ${String(r.rps).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  ` +
        `p99 ${String(r.p99).padStart(4)} ms  ${((r.rps / base) * 100).toFixed(1).padStart(5)}% of baseline ${base}  errors ${r.errors + r.non2xx}`,
    );
  }
}

/** Targets a run missed that fail it (a non-zero exit once every part has run and written). */
const failures: string[] = [];

interface World {
  server: BenchServer;
  cookies: string[];
  players: Awaited<ReturnType<typeof benchPlayers>>;
  senders: MessageSenders;
  dataDir: string;
}

async function startWorld(label: string, url: string | undefined): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const database = await openDatabase(
    url ? { databaseUrl: url } : { pgliteDir: path.join(dataDir, 'pglite') },
  );
  await database.migrate();
  const seeded = await seedWorld(database.db, PLAYERS, new Date());
  console.info(
    `[${label}] ${PLAYERS} players ${seeded.created ? `seeded in ${(seeded.ms / 1000).toFixed(1)} s` : 'already seeded'}`,
  );
  const signedIn = runs('capacity') ? Math.max(CONNECTIONS, CAPACITY_PLAYERS) : CONNECTIONS;
  const players = await benchPlayers(database.db, Math.min(PLAYERS, signedIn));
  const senders = await messageSenders(database.db, Math.min(PLAYERS, MESSAGE_SENDERS));
  await database.close();
  const server = await startBenchServer({
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const cookies = await signIn(
    server.url,
    players.map((p) => p.login),
    BENCH_PASSWORD,
  );
  return { server, cookies, players, senders, dataDir };
}

async function httpPass(label: string, world: World): Promise<HttpPass> {
  const opts = {
    url: world.server.url,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    cookies: world.cookies,
    playerData: world.players,
  };
  // The baseline runs before the first endpoint and again after each one: an endpoint's ratio is
  // to the two baseline runs around it, so a machine whose speed drifts during the pass (a
  // shared host does) does not tilt the figures of the endpoints measured late.
  await runEndpoint(BASELINE, { ...opts, durationSeconds: 2 });
  const baselines = [await runEndpoint(BASELINE, opts)];
  const results: EndpointResult[] = [];
  const specs = gameEndpoints(world.players, world.senders).filter(
    (spec) => !endpointNames || endpointNames.some((n) => spec.name.toLowerCase().includes(n)),
  );
  // The peak is the process's highest so far: the first endpoint after which it passes the
  // target is the one that raised it there.
  const judged = memoryJudged({ label });
  let over = judged && peakPassed(label, 'before the first endpoint', world);
  for (const spec of specs) {
    await runEndpoint(spec, { ...opts, durationSeconds: 2 });
    const result = await runEndpoint(spec, opts);
    const after = await runEndpoint(BASELINE, opts);
    results.push({ ...result, baselineRps: Math.round((baselines.at(-1)!.rps + after.rps) / 2) });
    baselines.push(after);
    console.info(
      `[${label}] after ${spec.name}: server resident ${world.server.memoryMb()} MB, peak ${world.server.peakMemoryMb()} MB`,
    );
    if (judged && !over) over = peakPassed(label, spec.name, world);
  }
  const baseline: EndpointResult = {
    ...baselines[0]!,
    rps: Math.round(baselines.reduce((sum, b) => sum + b.rps, 0) / baselines.length),
    p50: Math.max(...baselines.map((b) => b.p50)),
    p99: Math.max(...baselines.map((b) => b.p99)),
    errors: baselines.reduce((sum, b) => sum + b.errors, 0),
    non2xx: baselines.reduce((sum, b) => sum + b.non2xx, 0),
  };
  print(label, [baseline, ...results], baseline);
  const memoryMb = world.server.peakMemoryMb();
  console.info(`[${label}] peak server memory ${memoryMb} MB`);
  return { label, baseline, results, memoryMb, connections: CONNECTIONS, seconds: DURATION };
}

/** True, and a failure naming `what` is kept, when the server's peak memory passed the target. */
function peakPassed(label: string, what: string, world: World): boolean {
  const peak = world.server.peakMemoryMb();
  if (peak < HTTP_PEAK_MEMORY_MB) return false;
  const failure = `[${label}] ${what}: server peak resident memory ${peak} MB, target under ${HTTP_PEAK_MEMORY_MB} MB`;
  console.error(failure);
  failures.push(failure);
  return true;
}

async function stopWorld(world: World) {
  await world.server.stop();
  rmSync(world.dataDir, { recursive: true, force: true });
}

async function postgresVersion(url: string): Promise<string> {
  // The bench's own database may be new on this machine: made here, as the parts' own are.
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const [row] = await queryRows<{ v: string }>(
    database.db,
    sql`select split_part(version(), ' on ', 1) as v`,
  );
  await database.close();
  return row?.v ?? 'PostgreSQL';
}

const report: BenchReport = {
  machine: machine(databaseUrl ? await postgresVersion(databaseUrl) : undefined),
  players: PLAYERS,
  http: [],
  settlement: [],
};

if (runs('http') || runs('capacity') || runs('web')) {
  const primary = await startWorld(databaseUrl ? 'postgresql' : 'pglite', databaseUrl);
  try {
    if (runs('http'))
      report.http.push(await httpPass(databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)', primary));
    if (runs('capacity')) {
      const rates = (args.get('rates') ?? CAPACITY_RATES).split(',').map(Number);
      const c = await capacityBench(
        primary.server.url,
        primary.cookies,
        primary.players,
        rates,
        DURATION,
      );
      report.capacity = { ...c, perPlayerRps: PLAYER_RATE, signedIn: primary.players.length };
      console.info(
        `[capacity] ${c.sustainedRps} req/s sustained = ${c.players} concurrent players`,
      );
    }
    if (runs('web')) {
      report.web = await webBench(primary.server.url);
      console.info(
        `[web] login page: ${report.web.jsFiles} JS files, ${report.web.jsGzipKb} KB gzipped, ` +
          `${report.web.transferKb} KB transferred (JS ${report.web.jsTransferKb} KB), usable after ${report.web.loginUsableMs} ms`,
      );
    }
  } finally {
    await stopWorld(primary);
  }
  if (databaseUrl && runs('http') && args.get('pglite') !== 'false') {
    const embedded = await startWorld('pglite', undefined);
    try {
      report.http.push(await httpPass('PGlite (embedded)', embedded));
    } finally {
      await stopWorld(embedded);
    }
  }
}

if (runs('lighthouse')) {
  report.lighthouse = await lighthouseBench(Number(args.get('lighthouse-runs') ?? 3));
}

if (runs('first-start')) {
  report.firstStart = await firstStartBench();
  const { first, later } = report.firstStart;
  console.info(
    `[first-start] first start: peak ${first.peakMb} MB, idle ${first.steadyMb} MB, ready in ${first.readySeconds} s; ` +
      `later start: peak ${later.peakMb} MB, idle ${later.steadyMb} MB`,
  );
}

if (runs('settle')) {
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl });
    await database.migrate();
    const settled = await settlementBench(database, { DATABASE_URL: databaseUrl }, MISSIONS, true);
    report.settlement = settled.results;
    report.ledgerProblems = settled.ledgerProblems;
    await database.close();
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-settle-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const settled = await settlementBench(database, {}, MISSIONS, false);
    report.settlement = settled.results;
    report.ledgerProblems = settled.ledgerProblems;
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (runs('push')) {
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, poolSize: 4 });
    await database.migrate();
    const list = (name: string, fallback: string) =>
      (args.get(name) ?? fallback).split(',').map((v) => v.trim());
    report.push = await pushBench(database, databaseUrl, {
      streams: Number(args.get('push-streams') ?? 15_000),
      rate: Number(args.get('push-rate') ?? 5000),
      seconds: Number(args.get('push-seconds') ?? 10),
      verifyPlayers: list('push-players', '60000,30000,15000').map(Number),
      processes: Number(args.get('push-processes') ?? 4),
      verifySeconds: Number(args.get('push-verify-seconds') ?? 60),
      warmupSeconds: Number(args.get('push-warmup') ?? 15),
      poolSize: Number(args.get('push-pool') ?? 10),
      rates: list('push-rates', PUSH_RATES).map(Number),
      duration: DURATION,
      only: list('push-parts', 'streams,capacity,verify') as Array<
        'streams' | 'capacity' | 'verify'
      >,
    });
    await database.close();
  } else {
    console.info(
      '[push] skipped: the push part needs PostgreSQL (DATABASE_URL). PGlite serves one process, ' +
        'and this part seeds missions and reads player_events while server processes run.',
    );
  }
}

if (only?.includes('map')) {
  await mapBench(process.env.MAP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_map', {
    players: Number(args.get('map-players') ?? 1000),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
  });
}

if (only?.includes('trader')) {
  // Its own PostgreSQL database (TRADER_DATABASE_URL, created if missing): figures printed.
  await traderBench(
    process.env.TRADER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_trader',
    {
      players: Number(args.get('trader-players') ?? 1000),
      connections: CONNECTIONS,
      durationSeconds: DURATION,
    },
  );
}

if (only?.includes('arena')) {
  // Its own PostgreSQL database (ARENA_DATABASE_URL, created if missing): figures printed.
  await arenaBench(
    process.env.ARENA_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_arena',
    {
      players: Number(args.get('arena-players') ?? 10_000),
      earned: args.get('arena-earned') === 'true',
      rates: (args.get('arena-rates') ?? '100,200,300,400').split(',').filter(Boolean).map(Number),
      warmupSeconds: Number(args.get('arena-warmup') ?? 3),
      connections: CONNECTIONS,
      durationSeconds: DURATION,
    },
  );
}

if (only?.includes('chat')) {
  const chatRuns = await chatBench(
    process.env.CHAT_DATABASE_URL ?? databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/bench_chat',
    {
      alliances: (args.get('chat-alliances') ?? '1000,300').split(',').map(Number),
      ratePerAlliance: Number(args.get('chat-rate') ?? 0.1),
      seconds: Number(args.get('chat-seconds') ?? 30),
      warmupSeconds: Number(args.get('chat-warmup') ?? 5),
      processes: Number(args.get('chat-processes') ?? 2),
      poolSize: Number(args.get('chat-pool') ?? 10),
    },
  );
  if (!chatRuns.at(0)?.held) failures.push(`[chat] ${chatRuns.at(0)?.why.join('; ') ?? 'no run'}`);
}

if (only?.includes('bazaar')) {
  failures.push(
    ...(await bazaarBench(
      process.env.BAZAAR_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_bazaar',
      {
        players: Number(args.get('bazaar-players') ?? 6000),
        listings: Number(args.get('bazaar-listings') ?? 100_000),
        auctions: Number(args.get('bazaar-auctions') ?? 2000),
        connections: CONNECTIONS,
        durationSeconds: DURATION,
      },
    )),
  );
}

if (only?.includes('webpush')) {
  await webPushBench(
    process.env.WEBPUSH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_webpush',
    {
      pushes: Number(args.get('webpush-pushes') ?? 20_000),
      concurrency: Number(args.get('webpush-concurrency') ?? 64),
      players: Number(args.get('webpush-players') ?? 5000),
      devices: Number(args.get('webpush-devices') ?? 2),
      parts: (args.get('webpush-parts') ?? 'sender,worker').split(',') as Array<
        'sender' | 'worker'
      >,
    },
  );
}

if (only?.includes('records')) {
  // Its own PostgreSQL database (RECORDS_DATABASE_URL, created if missing): figures printed.
  await recordsBench(
    process.env.RECORDS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_records',
    {
      players: Number(args.get('records-players') ?? 10_000),
      missions: Number(args.get('records-missions') ?? 1_000_000),
      connections: CONNECTIONS,
      durationSeconds: DURATION,
    },
  );
}

if ((args.get('write') ?? 'true') === 'true') {
  console.info(`[bench] full report written to ${writeReport(report, new Date())}`);
}

if (failures.length > 0) {
  console.error(`[bench] failed: ${failures.length} target(s) missed\n${failures.join('\n')}`);
  process.exitCode = 1;
}
