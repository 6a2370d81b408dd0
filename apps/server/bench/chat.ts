import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { openDatabase } from '../src/db/client.js';
import { ensureDatabase } from './bench-database.js';
import { ChatClient, chatDelivery, percentiles, type ChatDelivery } from './chat-figures.js';
import type { ChatClientResults } from './chat-client.js';
import { postLines } from './chat-post.js';
import { seedChatAlliances } from './chat-seed.js';
import { startChatServer } from './chat-server.js';
import { benchPlayers } from './players.js';
import { seedWorld } from './seed.js';
import { BENCH_COOKIE_SECRET, type BenchServer } from './server-process.js';
import { mintSessions } from './sessions.js';

const SIZE = SOCIAL_CONFIG.alliances.maxMembers;
/** Streams one client process holds, and streams opened at once (each wave awaits its answers). */
const STREAMS_PER_CLIENT = 7_500;
const WAVE = 250;
const OPEN_TIMEOUT_MS = 300_000;
/** The issue's target: a line reaches each online member within this at p99. */
export const CHAT_P99_TARGET_MS = 500;

export interface ChatOptions {
  /** Alliances of each run, largest first: the next runs only when one does not hold. */
  alliances: number[];
  /** Lines a second per alliance (0.1: a line a second per 10 alliances). */
  ratePerAlliance: number;
  seconds: number;
  warmupSeconds: number;
  processes: number;
  poolSize: number;
}

export interface ChatRunResult {
  alliances: number;
  streams: number;
  opened: number;
  openSeconds: number;
  processes: number;
  rate: number;
  seconds: number;
  posted: number;
  accepted: number;
  postErrors: Record<string, number>;
  post: ReturnType<typeof percentiles>;
  delivery: ChatDelivery;
  drops: number;
  repeated: number;
  rssOpenMb: number[];
  clientCpuSeconds: number;
  held: boolean;
  why: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A time-out that does not keep the bench running once all else is done. */
const deadline = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * One run: `count` alliances of SIZE members, every member's stream open (member g on process
 * g mod P, so each alliance's members sit on every process and a line crosses processes), then
 * lines posted at `rate` a second by an open loop (line k by alliance k mod count, its members
 * taking turns so none passes the per-minute limit) to the poster's own process.
 */
async function chatRun(
  url: string,
  alliances: Array<{ id: number; members: number[] }>,
  cookieOf: ReadonlyMap<number, string>,
  options: ChatOptions,
): Promise<ChatRunResult> {
  const count = alliances.length;
  const procs = options.processes;
  const rate = Math.max(1, count * options.ratePerAlliance);
  const members = alliances.flatMap((a) => a.members);
  const memberOf = new Map(alliances.flatMap((a, k) => a.members.map((m) => [m, k] as const)));
  const processOf = new Map(members.map((m, g) => [m, g % procs] as const));
  const dataDirs = Array.from({ length: procs }, () =>
    mkdtempSync(path.join(tmpdir(), 'bench-chat-')),
  );
  const servers: BenchServer[] = [];
  const clients: ChatClient[] = [];
  try {
    for (const dir of dataDirs)
      servers.push(
        await startChatServer({
          DATA_DIR: dir,
          DATABASE_URL: url,
          DATABASE_POOL_SIZE: String(options.poolSize),
        }),
      );
    const started = Date.now();
    const opened = await Promise.all(
      servers.flatMap((s, k) => {
        const share = members.filter((m) => processOf.get(m) === k);
        const parts = Math.ceil(share.length / STREAMS_PER_CLIENT);
        return Array.from({ length: parts }, (_, c) => {
          const client = new ChatClient();
          clients.push(client);
          const slice = share.slice(c * STREAMS_PER_CLIENT, (c + 1) * STREAMS_PER_CLIENT);
          const asked = client.ask(
            {
              type: 'open',
              url: s.url,
              localNet: 30 + clients.length,
              members: slice.map((id) => ({ id, cookie: cookieOf.get(id)! })),
              wave: WAVE,
            },
            'opened',
          );
          // A client that died opening answers nothing: none of its streams counts as open.
          const timeout = { ok: 0, failed: slice.length, statuses: { 'no answer': slice.length } };
          return Promise.race([asked, deadline(OPEN_TIMEOUT_MS).then(() => timeout)]);
        });
      }),
    );
    const openSeconds = (Date.now() - started) / 1000;
    const ok = opened.reduce((s, o) => s + o.ok, 0);
    for (const o of opened)
      if (o.failed > 0) console.warn(`[chat] streams refused: ${JSON.stringify(o.statuses)}`);
    console.info(
      `[chat] ${ok} of ${members.length} streams open on ${procs} processes from ${clients.length} clients in ${openSeconds.toFixed(1)} s`,
    );
    await sleep(5000);
    const rssOpenMb = servers.map((s) => s.memoryMb());

    const { lines, postMs, postErrors, total, start } = await postLines(
      servers.map((s) => s.url),
      alliances,
      (m) => ({ cookie: cookieOf.get(m)!, server: processOf.get(m)! }),
      rate,
      options.warmupSeconds + options.seconds,
    );
    // The last lines' frames are on their way.
    await sleep(5000);
    // A client that died (or hangs) answers nothing: its streams' frames count as lost.
    const none: ChatClientResults = { lines: [], repeated: 0, drops: 0, open: 0, cpuMs: 0 };
    const results = await Promise.all(
      clients.map((c) =>
        Promise.race([
          c.ask({ type: 'collect' }, 'results').then((r) => r.results),
          deadline(30_000).then(() => none),
        ]),
      ),
    );
    const delivery = chatDelivery(
      lines,
      memberOf,
      SIZE,
      results,
      start + options.warmupSeconds * 1000,
    );
    const drops = results.reduce((s, r) => s + r.drops, 0);
    const repeated = results.reduce((s, r) => s + r.repeated, 0);
    const errors = Object.values(postErrors).reduce((a, b) => a + b, 0);
    const why: string[] = [];
    if (ok < members.length) why.push(`${members.length - ok} streams not opened`);
    if (drops > 0) why.push(`${drops} streams dropped`);
    if (errors > 0) why.push(`${errors} posts refused or failed ${JSON.stringify(postErrors)}`);
    if (delivery.once < delivery.expected || delivery.duplicates > 0 || delivery.wrongStream > 0)
      why.push(
        `delivery: ${delivery.once} of ${delivery.expected} once, lost ${delivery.lost}, duplicates ${delivery.duplicates}, wrong stream ${delivery.wrongStream}`,
      );
    if (delivery.latency.p99 >= CHAT_P99_TARGET_MS)
      why.push(`p99 ${delivery.latency.p99} ms >= ${CHAT_P99_TARGET_MS} ms`);
    const result: ChatRunResult = {
      alliances: count,
      streams: members.length,
      opened: ok,
      openSeconds,
      processes: procs,
      rate,
      seconds: options.seconds,
      posted: total,
      accepted: lines.size,
      postErrors,
      post: percentiles(postMs),
      delivery,
      drops,
      repeated,
      rssOpenMb,
      clientCpuSeconds: Math.round(results.reduce((s, r) => s + r.cpuMs, 0) / 100) / 10,
      held: why.length === 0,
      why,
    };
    printRun(result);
    return result;
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

function printRun(r: ChatRunResult) {
  const d = r.delivery;
  console.info(
    `[chat] ${r.alliances} alliances x ${SIZE} = ${r.opened} streams on ${r.processes} processes, ${r.rate} lines/s for ${r.seconds} s: ` +
      `${r.accepted} of ${r.posted} posts accepted (POST p50 ${r.post.p50} ms, p99 ${r.post.p99} ms)`,
  );
  console.info(
    `[chat] deliveries ${d.once} of ${d.expected} exactly once, lost ${d.lost}, duplicates ${d.duplicates}, wrong stream ${d.wrongStream}; ` +
      `POST start to each member's frame p50 ${d.latency.p50} ms, p95 ${d.latency.p95} ms, p99 ${d.latency.p99} ms, max ${d.latency.max} ms ` +
      `(target p99 < ${CHAT_P99_TARGET_MS} ms); to a line's last member p50 ${d.toLast.p50} ms, p99 ${d.toLast.p99} ms`,
  );
  console.info(
    `[chat] servers resident ${r.rssOpenMb.join('+')} MB with streams open; streams dropped ${r.drops}, frames repeated ${r.repeated}; ` +
      `client CPU ${r.clientCpuSeconds} s; ${r.held ? 'held' : `did not hold: ${r.why.join('; ')}`}`,
  );
}

/**
 * The chat bench (`--only=chat`, PostgreSQL): seeds the players, the alliances and a session
 * each, then one run per size until one holds.
 */
export async function chatBench(url: string, options: ChatOptions): Promise<ChatRunResult[]> {
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const runs: ChatRunResult[] = [];
  try {
    await database.migrate();
    const now = new Date();
    const need = Math.max(...options.alliances) * SIZE;
    const seeded = await seedWorld(database.db, need, now);
    console.info(
      `[chat] ${need} players ${seeded.created ? `seeded in ${(seeded.ms / 1000).toFixed(1)} s` : 'already seeded'}`,
    );
    const players = await benchPlayers(database.db, need);
    const ids = players.map((p) => p.id);
    const cookies = await mintSessions(database.db, ids, BENCH_COOKIE_SECRET, now);
    const cookieOf = new Map(ids.map((id, i) => [id, cookies[i]!] as const));
    for (const count of options.alliances) {
      const alliances = await seedChatAlliances(database.db, ids, count, SIZE, new Date());
      console.info(`[chat] ${count} alliances of ${SIZE} seeded`);
      const run = await chatRun(url, alliances, cookieOf, options);
      runs.push(run);
      if (run.held) break;
    }
  } finally {
    await database.close();
  }
  return runs;
}
