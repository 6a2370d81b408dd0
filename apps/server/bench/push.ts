import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Database } from '../src/db/client.js';
import { EVENTS_CHANNEL } from '../src/core/events.js';
import {
  capacityBench,
  PUSH_PER_PLAYER,
  PUSH_PLAYER_RATE,
  PUSH_REFETCHES,
  pushMix,
  type CapacityStep,
} from './capacity.js';
import { percentileOf, WARM_UP } from './open-loop.js';
import { benchPlayers, type BenchPlayer } from './players.js';
import type {
  PushClientCommand,
  PushClientPlayer,
  PushClientReply,
  PushClientResults,
  RequestStats,
} from './push-client.js';
import { seedPushHeroes, seedPushMissions } from './push-seed.js';
import { seedWorld } from './seed.js';
import { BENCH_COOKIE_SECRET, startBenchServer, type BenchServer } from './server-process.js';
import { mintSessions } from './sessions.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Streams one client process holds (its own file-descriptor limit applies too). */
const STREAMS_PER_CLIENT = 7_500;
/** Streams opened at once: each wave waits for its answers, so the listen backlog never fills. */
const WAVE = 250;
/**
 * Settlement kept pace when every mission committed within this long of its ETA: the worker
 * wakes every second and drains what is due, so a worker that keeps up commits each mission
 * within about a second and a drain; one that falls behind lets the wait grow through the run.
 */
export const KEPT_PACE_MS = 3000;

export interface PushOptions {
  /** Part 1: streams open at once on one server process. */
  streams: number;
  /** Part 1: missions falling due per second, and for how many seconds. */
  rate: number;
  seconds: number;
  /** Part 2: players of the verification run, largest first (the next is tried if one fails). */
  verifyPlayers: number[];
  processes: number;
  verifySeconds: number;
  /**
   * Seconds of the same load before the verification's own (`--push-warmup`): the servers
   * have only opened streams when it starts, and their request code and database connections
   * are cold. Its requests are reported apart, as the cold start.
   */
  warmupSeconds: number;
  /** Part 2: the capacity search's rates and seconds per rate. */
  rates: number[];
  duration: number;
  /** The verification's server processes' DATABASE_POOL_SIZE (max_connections is shared). */
  poolSize: number;
  only: Array<'streams' | 'capacity' | 'verify'>;
}

export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface Delivery {
  /** Missions of the streams' players settled during the run. */
  settled: number;
  /** Settled missions whose `mission.finished` reached their player's stream exactly once. */
  once: number;
  lost: number;
  duplicates: number;
  /** Events that arrived on another player's stream. */
  wrongStream: number;
  /** Receipt minus the event's `created_at` (stamped before commit: an upper bound). */
  latency: Percentiles;
  /** Receipt minus the moment the commit's notification reached the bench's own LISTEN. */
  fromNotify: Percentiles;
  /** Commit (the bench's notification) minus the mission's ETA: how far settlement lagged. */
  lag: Percentiles;
}

/** How settlement kept up with missions falling due, by the commits the bench heard. */
export interface SettleFigures {
  missions: number;
  settled: number;
  /** Missions per second from the first ETA to the last commit. */
  perSecond: number;
  /** Commit minus ETA. */
  lag: Percentiles;
  /** Median commit-after-ETA of the first and of the last tenth of the missions (by ETA). */
  lagFirstTenth: number;
  lagLastTenth: number;
  /** Every mission settled and committed within KEPT_PACE_MS of its ETA. */
  keptPace: boolean;
}

async function settleFigures(
  db: Database['db'],
  missions: Map<number, number>,
  commits: Map<number, number>,
  firstDue: Date,
): Promise<SettleFigures> {
  const ids = [...missions.keys()];
  const rows = await queryRows<{ id: number; settled: boolean; eta: number }>(
    db,
    sql`select id, status = 'settled' as settled, extract(epoch from eta) * 1000 as eta
        from missions where id between ${Math.min(...ids)} and ${Math.max(...ids)}`,
  );
  const lags = rows
    .filter((r) => commits.has(Number(r.id)))
    .map((r) => [Number(r.eta), commits.get(Number(r.id))! - Number(r.eta)] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, lag]) => lag);
  const settled = rows.filter((r) => r.settled).length;
  const tenth = Math.max(1, Math.floor(lags.length / 10));
  const lastCommit = Math.max(...commits.values());
  const lag = percentiles(lags);
  return {
    missions: missions.size,
    settled,
    perSecond: Math.round(settled / ((lastCommit - firstDue.getTime()) / 1000)),
    lag,
    lagFirstTenth: percentiles(lags.slice(0, tenth)).p50,
    lagLastTenth: percentiles(lags.slice(-tenth)).p50,
    keptPace: settled === missions.size && lags.length === settled && lag.max < KEPT_PACE_MS,
  };
}

const describeSettle = (f: SettleFigures) =>
  `${f.settled} of ${f.missions} settled, ${f.perSecond} missions/s from the first ETA to the last commit; ` +
  `commit after ETA p50 ${f.lag.p50} ms, p99 ${f.lag.p99} ms, max ${f.lag.max} ms (first tenth p50 ${f.lagFirstTenth} ms, last tenth ${f.lagLastTenth} ms): ` +
  (f.keptPace ? 'kept pace' : 'fell behind');

/**
 * Missions of these players falling due at `rate` a second for `seconds`, from a few seconds
 * after they are seeded; answers when they are settled.
 */
async function dueRound(
  database: Database,
  url: string,
  profileIds: number[],
  rate: number,
  seconds: number,
) {
  const commits = await listenCommits(url, new Set(profileIds));
  const count = rate * seconds;
  const firstDue = new Date(Date.now() + 8000);
  const seededAt = Date.now();
  const missions = await seedPushMissions(database.db, profileIds, count, rate, firstDue);
  console.info(
    `[push] ${count} missions seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s, due at ${rate}/s from ${firstDue.toISOString()}`,
  );
  const ids = [...missions.keys()];
  const done = await waitSettled(
    database.db,
    Math.min(...ids),
    Math.max(...ids),
    seconds * 1000 + 180_000,
  );
  if (!done) console.warn('[push] settlement did not finish in time');
  // Notifications of the last commits, and the streams' frames, are on their way.
  await sleep(3000);
  await commits.stop();
  const settle = await settleFigures(database.db, missions, commits.byMission, firstDue);
  return { missions, commits, settle };
}

export interface PushStreamsResult {
  streams: number;
  opened: number;
  clients: number;
  openSeconds: number;
  rssBeforeMb: number;
  rssOpenMb: number;
  perStreamKb: number;
  missions: number;
  dueRate: number;
  dueSeconds: number;
  /** The same missions on the same server just before, with no stream open. */
  control: SettleFigures;
  settle: SettleFigures;
  delivery: Delivery;
  serverPeakMb: number;
  drops: number;
  repeated: number;
  clientCpuSeconds: number;
}

export interface PushVerifyResult {
  players: number;
  processes: number;
  opened: number;
  openSeconds: number;
  poolSize: number;
  rssBeforeMb: number[];
  rssOpenMb: number[];
  rssEndMb: number[];
  totalMemoryMb: number;
  perStreamKb: number;
  seconds: number;
  /** The warm-up's seconds and its requests' latency (the cold start), reported apart. */
  warmup: { seconds: number; p50: number; p99: number };
  targetRps: number;
  achievedRps: number;
  p50: number;
  p99: number;
  errors: number;
  detail: string;
  reconnects: { count: number; p99: number; failed: number; incomplete: number };
  missions: number;
  delivery: Delivery;
  drops: number;
  repeated: number;
  held: boolean;
  /** Why it did not hold (empty when it held). */
  why: string[];
}

export interface PushCapacityResult {
  steps: CapacityStep[];
  players: number;
  sustainedRps: number;
  exhausted: boolean;
  perPlayerRps: number;
  signedIn: number;
}

export interface PushReport {
  streams?: PushStreamsResult;
  capacity?: PushCapacityResult;
  verify: PushVerifyResult[];
}

/** A push client process (push-client.ts) and its IPC replies, in order per kind. */
export class Client {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, Array<(r: PushClientReply) => void>>();
  private readonly exited: Promise<void>;

  constructor() {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(here, 'push-client.ts')],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.on('message', (m: PushClientReply) => {
      if (m.type === 'error') {
        console.error(`[push] client: ${m.message}`);
        return;
      }
      this.waiting.get(m.type)?.shift()?.(m);
    });
  }

  ask<T extends PushClientReply['type']>(
    cmd: PushClientCommand,
    answer: T,
  ): Promise<Extract<PushClientReply, { type: T }>> {
    return new Promise((resolve) => {
      const list = this.waiting.get(answer) ?? [];
      list.push(resolve as (r: PushClientReply) => void);
      this.waiting.set(answer, list);
      this.child.send(cmd);
    });
  }

  async close() {
    if (this.child.connected) this.child.send({ type: 'close' } satisfies PushClientCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: Math.round(percentileOf(sorted, 50)),
    p99: Math.round(percentileOf(sorted, 99)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}

/**
 * The bench's own LISTEN on the events channel: when each `mission.finished` committed (its
 * notification arrives on commit, at about the moment the servers' own listeners hear it).
 */
async function listenCommits(url: string, profiles: ReadonlySet<number>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const at = new Map<string, number>();
  const byMission = new Map<number, number>();
  client.on('notification', (n) => {
    const now = Date.now();
    const entries = JSON.parse(n.payload ?? '[]') as Array<[number, number, string, unknown?]>;
    for (const [p, s, t, d] of entries) {
      if (t !== 'mission.finished' || !profiles.has(p)) continue;
      at.set(`${p}:${s}`, now);
      const missionId = (d as { missionId?: number } | undefined)?.missionId;
      if (missionId !== undefined) byMission.set(missionId, now);
    }
  });
  await client.query(`listen ${EVENTS_CHANNEL}`);
  return { at, byMission, stop: () => client.end() };
}

/** Waits until none of the missions with ids in [first, last] is running. */
async function waitSettled(db: Database['db'], first: number, last: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from missions where id between ${first} and ${last} and status = 'running'`,
    );
    if ((row?.n ?? 0) === 0) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
}

/** Checks every settled mission's event against what the streams received. */
async function delivery(
  db: Database['db'],
  missions: Map<number, number>,
  results: PushClientResults[],
  commits: Map<string, number>,
  /** Missions due before this count for delivery but not for latency (the warm-up's). */
  latencyFrom = 0,
): Promise<Delivery & { commitTimes: number[]; lagByEta: Array<[number, number]> }> {
  const ids = [...missions.keys()];
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  const rows = await queryRows<{ id: number; settled: boolean; eta: number }>(
    db,
    sql`select id, status = 'settled' as settled, extract(epoch from eta) * 1000 as eta
        from missions where id between ${first} and ${last}`,
  );
  const eta = new Map(rows.map((r) => [Number(r.id), Number(r.eta)]));
  const settled = new Set(rows.filter((r) => r.settled).map((r) => Number(r.id)));
  const stamped = await queryRows<{ p: number; s: string; at: number }>(
    db,
    sql`select profile_id as p, seq as s, extract(epoch from created_at) * 1000 as at
        from player_events where type = 'mission.finished'
          and (data->>'missionId')::int between ${first} and ${last}`,
  );
  const createdAt = new Map(stamped.map((r) => [`${r.p}:${r.s}`, Number(r.at)]));
  const received = new Map<number, number>();
  let wrongStream = 0;
  const latency: number[] = [];
  const fromNotify: number[] = [];
  const lag: number[] = [];
  const commitTimes: number[] = [];
  const lagByEta: Array<[number, number]> = [];
  for (const r of results) {
    const f = r.finished;
    for (let i = 0; i < f.length; i += 5) {
      const [p, s, missionId, at, replayed] = [f[i]!, f[i + 1]!, f[i + 2]!, f[i + 3]!, f[i + 4]!];
      if (!missions.has(missionId)) continue;
      received.set(missionId, (received.get(missionId) ?? 0) + 1);
      if (missions.get(missionId) !== p) wrongStream++;
      const key = `${p}:${s}`;
      const committed = commits.get(key);
      if (committed !== undefined) {
        commitTimes.push(committed);
        lag.push(committed - eta.get(missionId)!);
        lagByEta.push([eta.get(missionId)!, committed - eta.get(missionId)!]);
      }
      // A replay after a reconnect is late by design; its delivery still counts above.
      if (replayed || eta.get(missionId)! < latencyFrom) continue;
      const created = createdAt.get(key);
      if (created !== undefined) latency.push(at - created);
      if (committed !== undefined) fromNotify.push(at - committed);
    }
  }
  let once = 0;
  let lost = 0;
  let duplicates = 0;
  for (const id of settled) {
    const n = received.get(id) ?? 0;
    if (n === 0) lost++;
    else if (n === 1) once++;
    else duplicates += n - 1;
  }
  return {
    settled: settled.size,
    once,
    lost,
    duplicates,
    wrongStream,
    latency: percentiles(latency),
    fromNotify: percentiles(fromNotify),
    lag: percentiles(lag),
    commitTimes,
    lagByEta,
  };
}

const toClientPlayers = (players: readonly BenchPlayer[], cookies: readonly string[]) =>
  players.map((p, i): PushClientPlayer => ({
    id: p.id,
    cookie: cookies[i]!,
    landid: p.landid,
    heroid: p.heroid,
  }));

/** Opens the players' streams from clients of STREAMS_PER_CLIENT streams each, in parallel. */
export async function openStreams(url: string, players: PushClientPlayer[], localBase: number) {
  const clients: Client[] = [];
  const started = Date.now();
  const answers = [];
  for (let i = 0; i < players.length; i += STREAMS_PER_CLIENT) {
    const client = new Client();
    clients.push(client);
    answers.push(
      client.ask(
        {
          type: 'open',
          url,
          localNet: localBase + clients.length,
          players: players.slice(i, i + STREAMS_PER_CLIENT),
          wave: WAVE,
        },
        'opened',
      ),
    );
  }
  const opened = await Promise.all(answers);
  const ok = opened.reduce((s, o) => s + o.ok, 0);
  for (const o of opened)
    if (o.failed > 0) console.warn(`[push] streams refused: ${JSON.stringify(o.statuses)}`);
  return { clients, ok, seconds: (Date.now() - started) / 1000 };
}

async function collect(clients: Client[]) {
  const replies = await Promise.all(clients.map((c) => c.ask({ type: 'collect' }, 'results')));
  return replies.map((r) => r.results);
}

/** Part 1: `streams` streams on one server while settlement finishes `rate` missions a second for them. */
async function streamsPart(
  database: Database,
  url: string,
  players: BenchPlayer[],
  cookies: string[],
  options: PushOptions,
): Promise<PushStreamsResult> {
  const n = Math.min(options.streams, players.length);
  const streamPlayers = toClientPlayers(players.slice(0, n), cookies);
  const missionsCount = options.rate * options.seconds;
  const ids = streamPlayers.map((p) => p.id);
  // The control: the same missions settled by a server process with no stream open. A process
  // of its own, so the memory measured below is a fresh process's, as the streams find it.
  await database.db.execute(sql`vacuum analyze`);
  const controlDir = mkdtempSync(path.join(tmpdir(), 'bench-push-'));
  const controlServer = await startBenchServer({ DATA_DIR: controlDir, DATABASE_URL: url });
  let control: SettleFigures;
  try {
    control = (await dueRound(database, url, ids, options.rate, options.seconds)).settle;
    console.info(`[push] control, no stream open: ${describeSettle(control)}`);
  } finally {
    await controlServer.stop();
    rmSync(controlDir, { recursive: true, force: true });
  }
  await database.db.execute(sql`vacuum analyze`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-push-'));
  const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: url });
  try {
    // A first few streams, closed again: code paths compiled and pools filled before "before".
    const warm = await openStreams(server.url, streamPlayers.slice(0, 200), 200);
    await Promise.all(warm.clients.map((c) => c.close()));
    await sleep(3000);
    const rssBeforeMb = server.memoryMb();
    const { clients, ok, seconds: openSeconds } = await openStreams(server.url, streamPlayers, 10);
    console.info(
      `[push] ${ok} of ${n} streams open in ${openSeconds.toFixed(1)} s from ${clients.length} client processes`,
    );
    await sleep(5000);
    const rssOpenMb = server.memoryMb();
    const perStreamKb = Math.round((((rssOpenMb - rssBeforeMb) * 1024) / ok) * 10) / 10;
    console.info(
      `[push] server resident ${rssBeforeMb} MB before, ${rssOpenMb} MB with ${ok} idle streams = ${perStreamKb} KB per stream (target < 8 KB)`,
    );
    const { missions, commits, settle } = await dueRound(
      database,
      url,
      ids,
      options.rate,
      options.seconds,
    );
    const results = await collect(clients);
    const serverPeakMb = server.peakMemoryMb();
    await Promise.all(clients.map((c) => c.close()));
    const {
      commitTimes: _times,
      lagByEta: _lags,
      ...deliveryFigures
    } = await delivery(database.db, missions, results, commits.at);
    const result: PushStreamsResult = {
      streams: n,
      opened: ok,
      clients: clients.length,
      openSeconds,
      rssBeforeMb,
      rssOpenMb,
      perStreamKb,
      missions: missionsCount,
      dueRate: options.rate,
      dueSeconds: options.seconds,
      control,
      settle,
      delivery: deliveryFigures,
      serverPeakMb,
      drops: results.reduce((s, r) => s + r.drops, 0),
      repeated: results.reduce((s, r) => s + r.repeated, 0),
      clientCpuSeconds: Math.round(results.reduce((s, r) => s + r.cpuMs, 0) / 100) / 10,
    };
    printStreams(result);
    return result;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printStreams(r: PushStreamsResult) {
  const d = r.delivery;
  console.info(`[push] with ${r.opened} streams open: ${describeSettle(r.settle)}`);
  console.info(
    `[push] delivered exactly once ${d.once} of ${d.settled}, lost ${d.lost}, duplicates ${d.duplicates}, on a wrong stream ${d.wrongStream}; ` +
      `push latency from created_at p50 ${d.latency.p50} ms, p99 ${d.latency.p99} ms, max ${d.latency.max} ms (target p99 < 500 ms); ` +
      `from the commit's notification p50 ${d.fromNotify.p50} ms, p99 ${d.fromNotify.p99} ms`,
  );
  console.info(
    `[push] server peak ${r.serverPeakMb} MB; streams dropped ${r.drops}, events repeated ${r.repeated}; client CPU ${r.clientCpuSeconds} s`,
  );
}

/** Part 2: the capacity search with the push mix on one server, over every seeded player. */
async function capacityPart(
  database: Database,
  url: string,
  players: BenchPlayer[],
  cookies: string[],
  options: PushOptions,
): Promise<PushCapacityResult> {
  await database.db.execute(sql`vacuum analyze`);
  const seqRows = await queryRows<{ id: number; s: string }>(
    database.db,
    sql`select id, event_seq as s from profiles where id = any(${`{${players.map((p) => p.id).join(',')}}`}::int[])`,
  );
  const seqOf = new Map(seqRows.map((r) => [Number(r.id), Number(r.s)]));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-push-'));
  const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: url });
  try {
    const c = await capacityBench(server.url, cookies, players, options.rates, options.duration, {
      mix: pushMix(
        players,
        players.map((p) => seqOf.get(p.id) ?? 0),
      ),
      playerRate: PUSH_PLAYER_RATE,
      label: 'push capacity',
    });
    console.info(
      `[push capacity] ${c.sustainedRps} req/s sustained / ${PUSH_PLAYER_RATE.toFixed(4)} per player = ${c.exhausted ? 'at least ' : ''}${c.players} players (target >= 60,000)`,
    );
    return { ...c, perPlayerRps: PUSH_PLAYER_RATE, signedIn: players.length };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Part 2, verified: `count` players, each with an open stream, spread over `processes` server
 * processes on one PostgreSQL, each with its own settlement worker; their missions finish at
 * one per player per 10 minutes, each finished mission's refetches are sent by the client that
 * received it, checks and starts and reconnects run at the push mix's rates.
 */
async function verifyPart(
  database: Database,
  url: string,
  players: BenchPlayer[],
  cookies: string[],
  count: number,
  options: PushOptions,
): Promise<PushVerifyResult> {
  const procs = options.processes;
  await database.db.execute(sql`vacuum analyze`);
  const all = toClientPlayers(players.slice(0, count), cookies);
  const dataDirs = Array.from({ length: procs }, () =>
    mkdtempSync(path.join(tmpdir(), 'bench-push-')),
  );
  const servers: BenchServer[] = [];
  const clients: Client[] = [];
  try {
    for (const dir of dataDirs)
      servers.push(
        await startBenchServer({
          DATA_DIR: dir,
          DATABASE_URL: url,
          DATABASE_POOL_SIZE: String(options.poolSize),
        }),
      );
    await sleep(3000);
    const rssBeforeMb = servers.map((s) => s.memoryMb());
    // Player i's stream and requests go to process i mod processes, from that process's client.
    const shares = servers.map((_, k) => all.filter((_p, i) => i % procs === k));
    const started = Date.now();
    const opened = await Promise.all(
      servers.map(async (s, k) => {
        const client = new Client();
        clients[k] = client;
        return client.ask(
          {
            type: 'open',
            url: s.url,
            localNet: 20 + k,
            players: shares[k]!,
            wave: WAVE,
          },
          'opened',
        );
      }),
    );
    const openSeconds = (Date.now() - started) / 1000;
    const ok = opened.reduce((s, o) => s + o.ok, 0);
    for (const o of opened)
      if (o.failed > 0)
        console.warn(`[push verify] streams refused: ${JSON.stringify(o.statuses)}`);
    console.info(
      `[push verify] ${ok} of ${count} streams open on ${procs} processes in ${openSeconds.toFixed(1)} s`,
    );
    await sleep(5000);
    const rssOpenMb = servers.map((s) => s.memoryMb());
    // One finished mission per player per 10 minutes: count/600 a second, each on another player.
    const rate = count / 600;
    const warmup = options.warmupSeconds;
    const missionsCount = Math.round(rate * (warmup + options.verifySeconds));
    const loadSeconds = options.verifySeconds;
    // Every step-th group of one player per process: each process's streams get their share.
    const step = Math.max(1, Math.floor(count / missionsCount));
    const chosen = all
      .filter((_p, i) => Math.floor(i / procs) % step === 0)
      .slice(0, missionsCount);
    const commits = await listenCommits(url, new Set(chosen.map((p) => p.id)));
    const firstDue = new Date(Date.now() + 5000);
    const missions = await seedPushMissions(
      database.db,
      chosen.map((p) => p.id),
      missionsCount,
      rate,
      firstDue,
    );
    // The load starts as the first mission falls due and ends as the last one does.
    await sleep(Math.max(0, firstDue.getTime() - Date.now()));
    await Promise.all(
      clients.map((c) =>
        c.ask(
          {
            type: 'load',
            warmupSeconds: warmup,
            seconds: warmup + loadSeconds,
            refetches: PUSH_REFETCHES,
            checkRate: PUSH_PER_PLAYER.check!,
            startRate: PUSH_PER_PLAYER.start!,
            reconnectRate: PUSH_PER_PLAYER.reconnect!,
          },
          'loaded',
        ),
      ),
    );
    const loadStarted = Date.now();
    await sleep((warmup + loadSeconds) * 1000);
    const ids = [...missions.keys()];
    const settledInTime = await waitSettled(
      database.db,
      Math.min(...ids),
      Math.max(...ids),
      60_000,
    );
    await sleep(Math.max(0, loadStarted + (warmup + loadSeconds + 5) * 1000 - Date.now()));
    const rssEndMb = servers.map((s) => s.memoryMb());
    const results = await collect(clients);
    await commits.stop();
    // Missions falling due in the warm-up count for delivery, not for its latency.
    const warmEnd = firstDue.getTime() + warmup * 1000;
    const d = await delivery(database.db, missions, results, commits.at, warmEnd);
    const { commitTimes: _times, ...deliveryFigures } = d;
    const cold = percentiles(results.flatMap((r) => r.requests[WARM_UP]?.latencies ?? []));
    // Requests: every kind together, over the load's seconds after the warm-up.
    const kinds = new Map<string, RequestStats>();
    for (const r of results)
      for (const [kind, s] of Object.entries(r.requests)) {
        if (kind === WARM_UP) continue;
        const k = kinds.get(kind) ?? { latencies: [], errors: 0, refused: 0 };
        k.latencies.push(...s.latencies);
        k.errors += s.errors;
        k.refused += s.refused;
        kinds.set(kind, k);
      }
    const every = [...kinds.values()].flatMap((k) => k.latencies);
    const reconnectLatencies = results.flatMap((r) => r.reconnects.latencies);
    const requestsDone = every.length + reconnectLatencies.length;
    const errors =
      [...kinds.entries()].reduce(
        (s, [kind, k]) => s + k.errors + (kind === 'start' ? 0 : k.refused),
        0,
      ) + results.reduce((s, r) => s + r.reconnects.failed, 0);
    const all99 = percentiles([...every, ...reconnectLatencies]);
    const detail = [...kinds.entries()]
      .map(
        ([kind, k]) =>
          `${kind} ${Math.round(k.latencies.length / loadSeconds)}/s p99 ${percentiles(k.latencies).p99}`,
      )
      .concat(
        `reconnect ${Math.round(reconnectLatencies.length / loadSeconds)}/s p99 ${percentiles(reconnectLatencies).p99}`,
      )
      .join(', ');
    const targetRps = Math.round(count * PUSH_PLAYER_RATE);
    const achievedRps = Math.round(requestsDone / loadSeconds);
    const drops = results.reduce((s, r) => s + r.drops, 0);
    const repeated = results.reduce((s, r) => s + r.repeated, 0);
    const why: string[] = [];
    if (ok < count) why.push(`${count - ok} streams not opened`);
    if (drops > 0) why.push(`${drops} streams dropped`);
    if (all99.p99 > 100) why.push(`request p99 ${all99.p99} ms > 100 ms`);
    if (errors > 0) why.push(`${errors} request errors`);
    if (achievedRps < targetRps * 0.95) why.push(`${achievedRps} of ${targetRps} req/s`);
    if (!settledInTime || d.lost > 0 || d.duplicates > 0 || d.wrongStream > 0)
      why.push(
        `delivery: settled ${d.settled}/${missionsCount}, lost ${d.lost}, duplicates ${d.duplicates}, wrong ${d.wrongStream}`,
      );
    if (d.latency.p99 >= 500) why.push(`push p99 ${d.latency.p99} ms >= 500 ms`);
    const totalMemoryMb = rssEndMb.reduce((a, b) => a + b, 0);
    const result: PushVerifyResult = {
      players: count,
      processes: procs,
      opened: ok,
      openSeconds,
      poolSize: options.poolSize,
      rssBeforeMb,
      rssOpenMb,
      rssEndMb,
      totalMemoryMb,
      perStreamKb:
        Math.round(
          (((rssOpenMb.reduce((a, b) => a + b, 0) - rssBeforeMb.reduce((a, b) => a + b, 0)) *
            1024) /
            Math.max(1, ok)) *
            10,
        ) / 10,
      seconds: loadSeconds,
      warmup: { seconds: warmup, p50: cold.p50, p99: cold.p99 },
      targetRps,
      achievedRps,
      p50: all99.p50,
      p99: all99.p99,
      errors,
      detail,
      reconnects: {
        count: reconnectLatencies.length,
        p99: percentiles(reconnectLatencies).p99,
        failed: results.reduce((s, r) => s + r.reconnects.failed, 0),
        incomplete: results.reduce((s, r) => s + r.reconnects.incomplete, 0),
      },
      missions: missionsCount,
      delivery: deliveryFigures,
      drops,
      repeated,
      held: why.length === 0,
      why,
    };
    console.info(
      `[push verify] ${count} players on ${procs} processes: ${achievedRps} of ${targetRps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${errors} (${detail})`,
    );
    if (warmup > 0)
      console.info(
        `[push verify] the ${warmup} s warm-up before it (not in the figures above): requests p50 ${cold.p50} ms, p99 ${cold.p99} ms`,
      );
    console.info(
      `[push verify] ${d.settled} of ${missionsCount} missions settled, delivered once ${d.once}, lost ${d.lost}, duplicates ${d.duplicates}, wrong stream ${d.wrongStream}; ` +
        `push latency p50 ${d.latency.p50} ms, p99 ${d.latency.p99} ms; reconnects ${result.reconnects.count} (p99 ${result.reconnects.p99} ms, failed ${result.reconnects.failed}, incomplete ${result.reconnects.incomplete})`,
    );
    console.info(
      `[push verify] server memory ${rssBeforeMb.join('+')} MB before, ${rssOpenMb.join('+')} MB with streams open, ${rssEndMb.join('+')} = ${totalMemoryMb} MB at the end; ` +
        `${result.held ? 'held' : `did not hold: ${why.join('; ')}`}`,
    );
    return result;
  } finally {
    await Promise.all(clients.filter(Boolean).map((c) => c.close()));
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The push bench (`--only=push`, PostgreSQL): seeds the players it needs and a session for each,
 * then runs its parts.
 */
export async function pushBench(
  database: Database,
  url: string,
  options: PushOptions,
): Promise<PushReport> {
  const total = Math.max(options.streams, ...options.verifyPlayers);
  const now = new Date();
  const seeded = await seedWorld(database.db, total, now);
  console.info(
    `[push] ${total} players ${seeded.created ? `seeded in ${(seeded.ms / 1000).toFixed(1)} s` : 'already seeded'}`,
  );
  const players = await benchPlayers(database.db, total);
  const minted = Date.now();
  const cookies = await mintSessions(
    database.db,
    players.map((p) => p.id),
    BENCH_COOKIE_SECRET,
    now,
  );
  // Part 1's players run several missions each at once; the verification's one.
  await seedPushHeroes(
    database.db,
    players.map((p) => p.id),
    1,
    now,
  );
  const perPlayer = Math.ceil(
    (options.rate * options.seconds) / Math.min(options.streams, players.length),
  );
  await seedPushHeroes(
    database.db,
    players.slice(0, options.streams).map((p) => p.id),
    perPlayer,
    now,
  );
  console.info(
    `[push] ${players.length} sessions minted and push heroes added in ${((Date.now() - minted) / 1000).toFixed(1)} s`,
  );
  const report: PushReport = { verify: [] };
  if (options.only.includes('streams'))
    report.streams = await streamsPart(database, url, players, cookies, options);
  if (options.only.includes('capacity'))
    report.capacity = await capacityPart(database, url, players, cookies, options);
  if (options.only.includes('verify')) {
    for (const count of options.verifyPlayers) {
      const v = await verifyPart(database, url, players, cookies, count, options);
      report.verify.push(v);
      if (v.held) break;
    }
  }
  return report;
}
