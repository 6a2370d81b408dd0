import { Agent, request, type ClientRequest, type IncomingMessage } from 'node:http';
import { EVENT_REFETCH_SPREAD_MS } from '@aleph/contracts';
import { BROWSER_ACCEPT_ENCODING } from './http.js';
import { dueCount, WARM_UP } from './open-loop.js';

/**
 * A client process of the push bench (push.ts starts it, with an IPC channel): it holds many
 * players' `GET /events` streams, each on its own connection (plain node:http, no pooling),
 * opened in waves so the server's listen backlog is not overrun. It records every
 * `mission.finished` with the moment it arrived (this machine's wall clock, as the database's
 * `created_at`), and on `load` it also plays the players' requests with push on: the refetches
 * each finished mission causes, on a keep-alive agent as a browser would send them, a mission
 * check and start at a fixed rate, and stream reconnects with Last-Event-ID.
 */

export interface PushClientPlayer {
  id: number;
  cookie: string;
  landid: number;
  heroid: number;
}

export type PushClientCommand =
  | {
      type: 'open';
      url: string;
      /** This client's loopback block, 127.<localNet>.0.0/16 (see `streamAddress`). */
      localNet?: number;
      players: PushClientPlayer[];
      wave: number;
    }
  | {
      type: 'load';
      /**
       * Requests due in the first `warmupSeconds` count apart, as `warm-up` (the servers'
       * code and connections are cold then); `seconds` includes them.
       */
      warmupSeconds: number;
      seconds: number;
      /** Requests sent per finished mission, as [kind, path]. */
      refetches: Array<[string, string]>;
      /** Per player and second. */
      checkRate: number;
      startRate: number;
      reconnectRate: number;
    }
  | { type: 'collect' }
  | { type: 'close' };

export interface RequestStats {
  latencies: number[];
  errors: number;
  /** 300-499 answers (a start of a busy hero is answered 409). */
  refused: number;
}

export interface PushClientResults {
  /** Flat: [profileId, seq, missionId, receivedAtMs, replayed (0|1)] per mission.finished. */
  finished: number[];
  events: number;
  heartbeats: number;
  /** Events whose id was not above the stream's last one (sent twice, or out of order). */
  repeated: number;
  /** Streams the server ended or that failed while open (not closed by this client). */
  drops: number;
  open: number;
  requests: Record<string, RequestStats>;
  reconnects: { latencies: number[]; failed: number; incomplete: number };
  /** This process's CPU time (user + system) during the load, in ms. */
  cpuMs: number;
}

export type PushClientReply =
  | { type: 'opened'; ok: number; failed: number; statuses: Record<string, number>; ms: number }
  | { type: 'loaded' }
  | { type: 'results'; results: PushClientResults }
  | { type: 'error'; message: string };

interface Stream {
  p: PushClientPlayer;
  /** The local address its connections are made from. */
  address: string | undefined;
  req: ClientRequest | null;
  res: IncomingMessage | null;
  lastSeq: number;
  buf: string;
  /** Between a reconnect and its `resync`: the events are the replay of what was missed. */
  replaying: boolean;
  onResync: ((complete: boolean) => void) | null;
}

let target = new URL('http://127.0.0.1');
let localNet: number | undefined;
/**
 * Connections per local address. A connection made from a given address binds a free port of
 * that address first, and the kernel's search for one slows down as the address's ports fill:
 * with 15,000 streams on one address a client spent a fifth of its time in `connect`, blocked
 * for seconds at a time, and every request it timed waited with it. Spread over addresses of
 * 1,000 streams each, a bind finds a port at once.
 */
const STREAMS_PER_ADDRESS = 1000;
const streamAddress = (i: number) =>
  localNet === undefined
    ? undefined
    : `127.${localNet}.${1 + Math.floor(i / STREAMS_PER_ADDRESS)}.1`;
/** The requests' keep-alive connections have an address of their own. */
const requestAddress = () => (localNet === undefined ? undefined : `127.${localNet}.0.1`);
const streams: Stream[] = [];
const finished: number[] = [];
let events = 0;
let heartbeats = 0;
let repeated = 0;
let drops = 0;
let closing = false;
let refetches: Array<[string, string]> = [];
const requests: Record<string, RequestStats> = {};
const reconnects = { latencies: [] as number[], failed: 0, incomplete: 0 };
/** Requests and reconnects due before this (ms since the epoch) are the load's warm-up. */
let warmUntil = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let cpuAtLoad = process.cpuUsage();

const reply = (message: PushClientReply) => process.send?.(message);
const stat = (kind: string) => (requests[kind] ??= { latencies: [], errors: 0, refused: 0 });

function send(
  kind: string,
  p: PushClientPlayer,
  method: 'GET' | 'POST',
  path: string,
  dueAt: number,
  body?: unknown,
) {
  const s = stat(dueAt < warmUntil ? WARM_UP : kind);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {
    cookie: p.cookie,
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
  };
  if (text) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(text));
  }
  const req = request(
    {
      host: target.hostname,
      port: target.port,
      method,
      path,
      headers,
      agent,
      localAddress: requestAddress(),
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        s.latencies.push(Date.now() - dueAt);
        if (status >= 500) s.errors++;
        else if (status >= 300) s.refused++;
      });
    },
  );
  req.on('error', () => s.errors++);
  if (text) req.write(text);
  req.end();
}

function onFrame(s: Stream, frame: string) {
  if (frame.startsWith(':')) {
    heartbeats++;
    return;
  }
  let id: string | undefined;
  let event: string | undefined;
  let data = '';
  for (const line of frame.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon < 0) continue;
    const field = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data = value;
  }
  if (event === undefined) {
    // `id: <seq>` alone: the player's current id on a fresh stream.
    if (id !== undefined) s.lastSeq = Number(id);
    return;
  }
  if (event === 'resync') {
    if (id !== undefined) s.lastSeq = Math.max(s.lastSeq, Number(id));
    const complete = (JSON.parse(data) as { complete: boolean }).complete;
    s.replaying = false;
    s.onResync?.(complete);
    s.onResync = null;
    return;
  }
  // A world event (`map.changed`, when bench players register) has no id: not the player's.
  if (id === undefined) return;
  events++;
  const seq = Number(id);
  if (!(seq > s.lastSeq)) repeated++;
  else s.lastSeq = seq;
  if (event !== 'mission.finished') return;
  const now = Date.now();
  const missionId = (JSON.parse(data) as { missionId: number }).missionId;
  finished.push(s.p.id, seq, missionId, now, s.replaying ? 1 : 0);
  // As the web app does (EVENT_REFETCH_SPREAD_MS): the reads after an event wait a random pause
  // of up to that long; their latency counts from when they are sent.
  if (refetches.length === 0) return;
  setTimeout(
    () => {
      const sentAt = Date.now();
      for (const [kind, path] of refetches) send(kind, s.p, 'GET', path, sentAt);
    },
    Math.floor(Math.random() * EVENT_REFETCH_SPREAD_MS),
  );
}

/** Opens one stream; resolves with the answer's status (0: no answer). */
function connect(s: Stream, lastEventId: number | null): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { cookie: s.p.cookie, accept: 'text/event-stream' };
    if (lastEventId !== null) headers['last-event-id'] = String(lastEventId);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: '/events',
        headers,
        agent: false,
        localAddress: s.address,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(res.statusCode ?? 0);
          return;
        }
        s.res = res;
        s.buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (s.res !== res) return;
          s.buf += chunk;
          let end: number;
          while ((end = s.buf.indexOf('\n\n')) >= 0) {
            const frame = s.buf.slice(0, end);
            s.buf = s.buf.slice(end + 2);
            onFrame(s, frame);
          }
        });
        res.on('close', () => {
          if (s.res === res && !closing) {
            drops++;
            s.res = null;
          }
        });
        resolve(200);
      },
    );
    s.req = req;
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function open(players: PushClientPlayer[], wave: number) {
  const started = Date.now();
  const statuses: Record<string, number> = {};
  let ok = 0;
  for (let i = 0; i < players.length; i += wave) {
    const batch = players.slice(i, i + wave).map((p, j): Stream => ({
      p,
      address: streamAddress(streams.length + j),
      req: null,
      res: null,
      lastSeq: 0,
      buf: '',
      replaying: false,
      onResync: null,
    }));
    streams.push(...batch);
    const answers = await Promise.all(batch.map((s) => connect(s, null)));
    for (const status of answers) {
      if (status === 200) ok++;
      else statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  reply({ type: 'opened', ok, failed: players.length - ok, statuses, ms: Date.now() - started });
}

async function reconnect(s: Stream) {
  const started = Date.now();
  const old = s.res;
  s.res = null;
  old?.destroy();
  s.req?.destroy();
  s.replaying = true;
  const resynced = new Promise<boolean | null>((resolve) => {
    s.onResync = resolve;
    setTimeout(() => resolve(null), 10_000).unref();
  });
  const status = await connect(s, s.lastSeq);
  if (status !== 200) {
    s.replaying = false;
    reconnects.failed++;
    return;
  }
  const complete = await resynced;
  if (complete === null) reconnects.failed++;
  else if (started < warmUntil) stat(WARM_UP).latencies.push(Date.now() - started);
  else {
    reconnects.latencies.push(Date.now() - started);
    if (!complete) reconnects.incomplete++;
  }
}

/** Evenly spaced requests for `seconds`: checks, starts and reconnects of this client's players. */
async function load(cmd: Extract<PushClientCommand, { type: 'load' }>) {
  refetches = cmd.refetches;
  cpuAtLoad = process.cpuUsage();
  reply({ type: 'loaded' });
  const n = streams.length;
  const kinds = [
    {
      rate: cmd.checkRate * n,
      next: 0,
      sent: 0,
      run: (i: number, due: number) => {
        const p = streams[i % n]!.p;
        send('check', p, 'POST', '/misaar/mission/check', due, {
          missionType: 'SEARCHELEMENT',
          landid: p.landid,
          heroid: p.heroid,
          elemid: 1,
        });
      },
    },
    {
      rate: cmd.startRate * n,
      next: 0,
      sent: 0,
      run: (i: number, due: number) => {
        const p = streams[(i * 7919) % n]!.p;
        send('start', p, 'POST', '/misaar/mission/start', due, {
          missionType: 'SEARCHELEMENT',
          landid: p.landid,
          heroid: p.heroid,
          elemid: 1,
        });
      },
    },
    {
      rate: cmd.reconnectRate * n,
      next: 0,
      sent: 0,
      run: (i: number) => {
        void reconnect(streams[(i * 104729) % n]!);
      },
    },
  ];
  const start = Date.now();
  const end = start + cmd.seconds * 1000;
  warmUntil = start + cmd.warmupSeconds * 1000;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = Math.min(Date.now(), end);
      for (const k of kinds) {
        const due = dueCount(now - start, k.rate, cmd.seconds);
        while (k.sent < due) {
          k.run(k.sent, start + (k.sent * 1000) / k.rate);
          k.sent++;
        }
      }
      if (now >= end) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
}

function collect() {
  const cpu = process.cpuUsage(cpuAtLoad);
  refetches = [];
  reply({
    type: 'results',
    results: {
      finished: [...finished],
      events,
      heartbeats,
      repeated,
      drops,
      open: streams.filter((s) => s.res !== null).length,
      requests,
      reconnects,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    },
  });
}

process.on('message', (cmd: PushClientCommand) => {
  const run = async () => {
    switch (cmd.type) {
      case 'open':
        target = new URL(cmd.url);
        localNet = cmd.localNet;
        await open(cmd.players, cmd.wave);
        return;
      case 'load':
        await load(cmd);
        return;
      case 'collect':
        collect();
        return;
      case 'close':
        closing = true;
        for (const s of streams) s.req?.destroy();
        agent.destroy();
        process.disconnect();
        return;
    }
  };
  run().catch((err: unknown) => reply({ type: 'error', message: String(err) }));
});
