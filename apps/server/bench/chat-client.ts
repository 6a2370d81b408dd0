import { request, type IncomingMessage } from 'node:http';

/**
 * A client process of the chat bench (chat.ts starts it, with an IPC channel): it holds many
 * members' `GET /events` streams, each on its own connection, opened in waves so the server's
 * listen backlog is not overrun, and records every `alliance.message` frame with the moment it
 * arrived (this machine's wall clock, as the poster's). It sends no requests of its own: the
 * chat lines are posted by the bench's main process, so a stream's receipt is timed by a
 * process that does nothing else.
 */

export interface ChatClientMember {
  id: number;
  cookie: string;
}

export type ChatClientCommand =
  | {
      type: 'open';
      url: string;
      /** This client's loopback block, 127.<localNet>.0.0/16: 1,000 streams an address. */
      localNet: number;
      members: ChatClientMember[];
      wave: number;
    }
  | { type: 'collect' }
  | { type: 'close' };

export interface ChatClientResults {
  /** Flat: [profileId, lineId, receivedAtMs] per `alliance.message` frame. */
  lines: number[];
  /** Frames whose id was not above the stream's last one (sent twice, or out of order). */
  repeated: number;
  /** Streams the server ended or that failed while open (not closed by this client). */
  drops: number;
  open: number;
  cpuMs: number;
}

export type ChatClientReply =
  | { type: 'opened'; ok: number; failed: number; statuses: Record<string, number> }
  | { type: 'results'; results: ChatClientResults }
  | { type: 'error'; message: string };

interface Stream {
  m: ChatClientMember;
  address: string;
  res: IncomingMessage | null;
  lastSeq: number;
  buf: string;
}

/** Connections per local address: a bind's search for a free port slows as its ports fill. */
const STREAMS_PER_ADDRESS = 1000;
const streams: Stream[] = [];
const lines: number[] = [];
let repeated = 0;
let drops = 0;
let closing = false;
const cpuAtStart = process.cpuUsage();

const reply = (message: ChatClientReply) => process.send?.(message);

function onFrame(s: Stream, frame: string) {
  if (frame.startsWith(':')) return;
  let id: string | undefined;
  let event: string | undefined;
  let data = '';
  for (const line of frame.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon < 0) continue;
    const field = line.slice(0, colon);
    if (field === 'id') id = line.slice(colon + 2);
    else if (field === 'event') event = line.slice(colon + 2);
    else if (field === 'data') data = line.slice(colon + 2);
  }
  // `id: <seq>` alone is the player's current id on a fresh stream; world events carry none.
  if (id === undefined) return;
  const seq = Number(id);
  if (event === undefined) {
    s.lastSeq = seq;
    return;
  }
  if (!(seq > s.lastSeq)) repeated++;
  else s.lastSeq = seq;
  if (event !== 'alliance.message') return;
  const now = Date.now();
  lines.push(s.m.id, (JSON.parse(data) as { id: number }).id, now);
}

/** Opens one stream; resolves with the answer's status (0: no answer). */
function connect(url: URL, s: Stream): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/events',
        headers: { cookie: s.m.cookie, accept: 'text/event-stream' },
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
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          s.buf += chunk;
          let end: number;
          while ((end = s.buf.indexOf('\n\n')) >= 0) {
            const frame = s.buf.slice(0, end);
            s.buf = s.buf.slice(end + 2);
            onFrame(s, frame);
          }
        });
        res.on('close', () => {
          if (!closing) drops++;
          s.res = null;
        });
        resolve(200);
      },
    );
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function open(cmd: Extract<ChatClientCommand, { type: 'open' }>) {
  const url = new URL(cmd.url);
  const statuses: Record<string, number> = {};
  let ok = 0;
  for (let i = 0; i < cmd.members.length; i += cmd.wave) {
    const batch = cmd.members.slice(i, i + cmd.wave).map((m, j): Stream => ({
      m,
      address: `127.${cmd.localNet}.${1 + Math.floor((streams.length + j) / STREAMS_PER_ADDRESS)}.1`,
      res: null,
      lastSeq: 0,
      buf: '',
    }));
    streams.push(...batch);
    for (const status of await Promise.all(batch.map((s) => connect(url, s)))) {
      if (status === 200) ok++;
      else statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  reply({ type: 'opened', ok, failed: cmd.members.length - ok, statuses });
}

process.on('message', (cmd: ChatClientCommand) => {
  const run = async () => {
    switch (cmd.type) {
      case 'open':
        await open(cmd);
        return;
      case 'collect': {
        const cpu = process.cpuUsage(cpuAtStart);
        reply({
          type: 'results',
          results: {
            lines: [...lines],
            repeated,
            drops,
            open: streams.filter((s) => s.res !== null).length,
            cpuMs: Math.round((cpu.user + cpu.system) / 1000),
          },
        });
        return;
      }
      case 'close':
        closing = true;
        for (const s of streams) s.res?.destroy();
        process.disconnect();
        return;
    }
  };
  run().catch((err: unknown) => reply({ type: 'error', message: String(err) }));
});
