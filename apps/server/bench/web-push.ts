import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, queryRows, type Db } from '../src/db/client.js';
import { PlayerEvents, writeEvents } from '../src/core/events.js';
import { systemClock } from '../src/lib/clock.js';
import { createPushSender, type PushTarget } from '../src/modules/push/sender.js';
import { startPushWorker } from '../src/jobs/push-worker.js';
import { ensureDatabase } from './bench-database.js';
import { benchPlayers } from './players.js';
import { seedWorld } from './seed.js';

/** Pushes a second one worker should send (docs/performance.md, "Web push"). */
export const WEB_PUSH_TARGET = 2000;

export interface WebPushBenchOptions {
  /** Part `sender`: pushes sent, after a tenth as many for warm-up. */
  pushes: number;
  /** Part `sender`: pushes in flight at once (the worker's PUSH_CONFIG.concurrency). */
  concurrency: number;
  /** Part `worker`: players with a queued push each, and devices per player. */
  players: number;
  devices: number;
  parts: Array<'sender' | 'worker'>;
}

/**
 * A push service that answers 201 at once, in a process of its own so that it takes no time
 * from the sender's: what is measured is the sending side (encryption, VAPID, HTTP). It counts
 * the pushes it took and tells the count over IPC when asked.
 */
const SINK = `
const http = require('node:http');
let count = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { count++; res.writeHead(201).end(); });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', () => process.send({ count }));
process.on('disconnect', () => process.exit(0));
`;

interface Sink {
  origin: string;
  count(): Promise<number>;
  close(): void;
}

async function startSink(): Promise<Sink> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SINK], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<{ port?: number; count?: number }>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the push sink exited (${code})`));
      child.once('exit', exited);
      child.once('message', (m) => {
        child.off('exit', exited);
        resolve(m as { port?: number; count?: number });
      });
    });
  const { port } = await next();
  return {
    origin: `http://127.0.0.1:${port}`,
    async count() {
      const answer = next();
      child.send('count');
      return (await answer).count ?? 0;
    },
    close: () => child.disconnect(),
  };
}

/** Browsers' keys to encrypt for: a pool reused across devices (the work per push is the same). */
function deviceKeys(n: number) {
  return Array.from({ length: n }, () => {
    const ecdh = createECDH('prime256v1');
    return {
      p256dh: ecdh.generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
  });
}

/** A payload of the size the worker makes (a mission.finished push, about 230 bytes). */
const PAYLOAD = JSON.stringify({
  kind: 'mission.finished',
  title: 'Mission finished',
  body: 'Bench hero 1234 returned from Search for an element: +120 gold, 1 item',
  url: '/heroes/1234',
  tag: 'mission.finished',
  count: 1,
  at: new Date(0).toISOString(),
});

const vapid = () => ({ ...webPush.generateVAPIDKeys(), subject: 'mailto:bench@game.example' });

const log = {
  debug: () => {},
  warn: (obj: unknown, msg?: string) => console.warn('[webpush] worker:', msg, obj),
  error: (obj: unknown, msg?: string) => console.error('[webpush] worker:', msg, obj),
} as unknown as Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>;

export interface SenderFigures {
  pushes: number;
  seconds: number;
  perSecond: number;
  failed: number;
  /** The bench process's CPU time a second of the run: near 1, one core is what limits it. */
  cpu: number;
}

/** CPU seconds this process used since `since`, per second of `seconds`. */
function cpuShare(since: NodeJS.CpuUsage, seconds: number): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6 / seconds;
}

/** The sender alone: `pushes` to 1,000 devices of one push service, `concurrency` in flight. */
async function senderPart(sink: Sink, opts: WebPushBenchOptions): Promise<SenderFigures> {
  const keys = deviceKeys(1000);
  const targets: PushTarget[] = keys.map((k, i) => ({
    endpoint: `${sink.origin}/push/${i}`,
    ...k,
  }));
  const sender = createPushSender(vapid());
  let failed = 0;
  const run = async (count: number) => {
    let next = 0;
    const lane = async () => {
      while (next < count) {
        const i = next++;
        const result = await sender.send(targets[i % targets.length]!, PAYLOAD, {
          ttlSeconds: 86_400,
        });
        if (result.status !== 201) failed++;
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency }, lane));
  };
  try {
    await run(Math.ceil(opts.pushes / 10));
    failed = 0;
    const before = await sink.count();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await run(opts.pushes);
    const seconds = (performance.now() - started) / 1000;
    const took = (await sink.count()) - before;
    if (took !== opts.pushes) throw new Error(`the sink took ${took} of ${opts.pushes} pushes`);
    return {
      pushes: opts.pushes,
      seconds,
      perSecond: Math.round(opts.pushes / seconds),
      failed,
      cpu: cpuShare(cpu, seconds),
    };
  } finally {
    await sender.close();
  }
}

export interface WorkerFigures {
  players: number;
  devices: number;
  pushes: number;
  seconds: number;
  perSecond: number;
  /** As SenderFigures.cpu: the rest of the time it waits for PostgreSQL. */
  cpu: number;
}

/**
 * One worker's drain on PostgreSQL: `players` bench players with `devices` devices each at the
 * sink, one finished mission each written through the events writer (which queues its push),
 * then one `drain()` composes every push and sends it to every device.
 */
async function workerPart(
  url: string,
  sink: Sink,
  opts: WebPushBenchOptions,
): Promise<WorkerFigures> {
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await database.migrate();
    const db = database.db;
    const now = new Date();
    await seedWorld(db, opts.players, now);
    const players = await benchPlayers(db, opts.players);
    await resetPushTables(db);
    await subscribe(
      db,
      players.map((p) => p.id),
      opts.devices,
      sink.origin,
    );
    for (let i = 0; i < players.length; i += 1000) {
      const events = new PlayerEvents();
      for (const p of players.slice(i, i + 1000))
        events.add(p.id, 'mission.finished', {
          missionId: p.id,
          missionType: 'SEARCHELEMENT',
          heroId: p.heroid,
          heroName: `Bench hero ${p.id}`,
          landId: p.landid,
          outcome: '+120 gold, 1 item',
          reportId: null,
        });
      await db.transaction((tx) => writeEvents(tx, events, now));
    }
    const [queued] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from push_queue where done_at is null`,
    );
    if (queued?.n !== players.length)
      throw new Error(`${queued?.n} pushes queued for ${players.length} players`);
    // A live database has statistics of its tables; freshly filled ones have none yet.
    await db.execute(sql`analyze push_subscriptions`);
    await db.execute(sql`analyze push_queue`);

    const expected = players.length * opts.devices;
    // Its own ticks never come during the run: only the measured drain sends.
    const worker = startPushWorker(db, systemClock, createPushSender(vapid()), log, {
      intervalMs: 86_400_000,
    });
    const before = await sink.count();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const attempts = await worker.drain();
    const seconds = (performance.now() - started) / 1000;
    const cpuUsed = cpuShare(cpu, seconds);
    await worker.stop();
    const took = (await sink.count()) - before;
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from push_deliveries`,
    );
    if (attempts !== expected || took !== expected || left?.n !== 0)
      throw new Error(
        `the drain made ${attempts} attempts, the sink took ${took} of ${expected}, ${left?.n} deliveries left`,
      );
    return {
      players: players.length,
      devices: opts.devices,
      pushes: expected,
      seconds,
      perSecond: Math.round(expected / seconds),
      cpu: cpuUsed,
    };
  } finally {
    await database.close();
  }
}

/** A fresh start in the bench's own database: no queue, deliveries or devices from a past run. */
async function resetPushTables(db: Db) {
  await db.execute(sql`delete from push_deliveries`);
  await db.execute(sql`delete from push_queue`);
  await db.execute(sql`delete from push_subscriptions`);
  await db.execute(sql`delete from open_streams`);
}

async function subscribe(db: Db, ids: number[], devices: number, origin: string) {
  const keys = deviceKeys(100);
  const rows = ids.flatMap((id) =>
    Array.from({ length: devices }, (_, k) => {
      const key = keys[(id * devices + k) % keys.length]!;
      return { p: id, e: `${origin}/push/${id}-${k}`, d: key.p256dh, a: key.auth };
    }),
  );
  for (let i = 0; i < rows.length; i += 10_000) {
    await db.execute(sql`
      insert into push_subscriptions (profile_id, endpoint, p256dh, auth, created_at)
      select r.p, r.e, r.d, r.a, now()
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 10_000))}::jsonb)
        as r(p int, e text, d text, a text)`);
  }
}

const held = (perSecond: number) =>
  perSecond >= WEB_PUSH_TARGET ? 'met' : `below the target of ${WEB_PUSH_TARGET}/s`;

/**
 * Web push's sending rate (docs/performance.md, "Web push"): the sender alone, and one worker's
 * drain on PostgreSQL, each to a loopback push service that answers 201. Prints its figures.
 */
export async function webPushBench(url: string, opts: WebPushBenchOptions) {
  const sink = await startSink();
  try {
    const figures: { sender?: SenderFigures; worker?: WorkerFigures } = {};
    if (opts.parts.includes('sender')) {
      const s = (figures.sender = await senderPart(sink, opts));
      console.info(
        `[webpush] sender alone: ${s.pushes} pushes in ${s.seconds.toFixed(2)} s = ${s.perSecond}/s ` +
          `(${opts.concurrency} in flight, encryption and keep-alive HTTP included, ${s.failed} failed, ` +
          `${s.cpu.toFixed(2)} CPU s/s): ${held(s.perSecond)}`,
      );
    }
    if (opts.parts.includes('worker')) {
      const w = (figures.worker = await workerPart(url, sink, opts));
      console.info(
        `[webpush] one worker's drain (PostgreSQL): ${w.players} players x ${w.devices} devices = ` +
          `${w.pushes} pushes in ${w.seconds.toFixed(2)} s = ${w.perSecond}/s ` +
          `(${w.cpu.toFixed(2)} CPU s/s): ${held(w.perSecond)}`,
      );
    }
    return figures;
  } finally {
    sink.close();
  }
}
