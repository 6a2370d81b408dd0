import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { openSse, type SseStream } from './sse-client.js';

/**
 * A request must arrive whole in time (docs/operations.md, "Timeouts"): a body that never
 * completes, or trickles in, is answered 408 and its connection closed; the push stream, long
 * by design, is not cut. The server here has timeouts of one second; the defaults are longer.
 */
const TIMEOUT_MS = 1000;
/** The timeout, Node's check of it (once a second) and a margin for a busy machine. */
const CUT_WITHIN_MS = 5000;
let ctx: TestContext;
let port: number;
const streams: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext(
    { requestTimeoutMs: TIMEOUT_MS, headersTimeoutMs: TIMEOUT_MS },
    { events: { heartbeatMs: 300 } },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

interface Outcome {
  /** Whether the server closed the connection before `CUT_WITHIN_MS`. */
  closed: boolean;
  afterMs: number;
  received: string;
}

/**
 * A raw connection to the server: `talk` writes on it; resolves when the server closes it, or
 * after `CUT_WITHIN_MS` with the connection still open (then this side closes it).
 */
function rawConnection(talk: (socket: Socket) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      socket.destroy();
      resolve({ closed, afterMs: Date.now() - started, received });
    };
    const limit = setTimeout(() => finish(false), CUT_WITHIN_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('connect', () => talk(socket));
  });
}

/** Writes `byte` every `everyMs` while the connection is open. */
function trickle(socket: Socket, byte: string, everyMs: number) {
  const timer = setInterval(() => {
    if (socket.writable) socket.write(byte);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

const HEAD =
  'POST /abwab/login HTTP/1.1\r\nHost: game.test\r\nContent-Type: application/json\r\n' +
  'Content-Length: 100\r\n\r\n';

describe('request timeouts', () => {
  it('answers 408 and closes a connection whose body stops short of its Content-Length', async () => {
    const outcome = await rawConnection((socket) => socket.write(`${HEAD}{"username":`));
    expect(outcome.closed).toBe(true);
    expect(outcome.afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts a body that trickles in, however steadily: the whole request has the time', async () => {
    const outcome = await rawConnection((socket) => {
      socket.write(HEAD);
      trickle(socket, ' ', 100);
    });
    expect(outcome.closed).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts headers that never end, and a connection that sends nothing', async () => {
    const headers = await rawConnection((socket) => {
      socket.write('GET /health/live HTTP/1.1\r\nHost: game.test\r\n');
      trickle(socket, 'X-Slow: 1\r\n', 100);
    });
    expect(headers.closed).toBe(true);
    expect(headers.received).toMatch(/^HTTP\/1\.1 408 /);
    const silent = await rawConnection(() => undefined);
    expect(silent.closed).toBe(true);
  });

  it('answers a request that arrives whole within the time, however it is split', async () => {
    const body = JSON.stringify({ username: 'nobody_here', password: 'wrong password' });
    const outcome = await rawConnection((socket) => {
      socket.write(HEAD.replace('100', String(body.length)).replace('HTTP/1.1', 'HTTP/1.0'));
      setTimeout(() => socket.write(body.slice(0, 10)), 200);
      setTimeout(() => socket.write(body.slice(10)), 400);
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.afterMs).toBeLessThan(CUT_WITHIN_MS);
  });

  it('leaves a push stream open well past the timeout, its heartbeats flowing', async () => {
    const { cookie } = await signedInPlayer(ctx);
    const s = await openSse(`http://127.0.0.1:${port}/events`, { cookie });
    streams.push(s);
    expect(s.status).toBe(200);
    let ended = false;
    void s.ended.then(() => (ended = true));
    await s.until((b) => b.some((x) => x.id !== undefined));
    await new Promise((r) => setTimeout(r, 4 * TIMEOUT_MS));
    expect(ended).toBe(false);
    // Still beating after that time: the heartbeats of the last second are there.
    const beats = s.blocks.filter((b) => b.comments.includes('hb')).length;
    await s.until((b) => b.filter((x) => x.comments.includes('hb')).length > beats, 2000);
    expect(ended).toBe(false);
    s.close();
  });
});
