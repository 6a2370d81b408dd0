import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionWork } from '../src/core/session.js';
import { limitWritesPerPlayer } from '../src/http/write-gate.js';

/**
 * The per-player write gate (src/http/write-gate.ts) on a real Fastify instance: the player is
 * named by a header where the game's session hook would name them, and each write waits until
 * the test lets it finish, so what runs at once is known without any timing.
 */
interface Harness {
  app: FastifyInstance;
  /** The writes being worked on now, by player. */
  running: Map<number, string[]>;
  /** Lets the named write finish. */
  finish(name: string): void;
  /** Resolves once the handler of the named write has started. */
  started(name: string): Promise<void>;
  /** Resolves once the named request has reached the server (the hook before the gate). */
  arrived(name: string): Promise<void>;
  /** Resolves once the server has seen the named request's connection close. */
  closed(name: string): Promise<void>;
  handled: string[];
}

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function harness(options: { inFlight?: number; waiting?: number } = {}): Promise<Harness> {
  const app = Fastify();
  apps.push(app);
  const running = new Map<number, string[]>();
  const releases = new Map<string, () => void>();
  const signals = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const handled: string[] = [];
  const signal = (key: string) => {
    let entry = signals.get(key);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      signals.set(key, entry);
    }
    return entry;
  };
  const startOf = (name: string) => signal(`started ${name}`);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const player = request.headers['x-player'];
    if (typeof player === 'string') request.auth = { userId: Number(player) } as SessionWork;
    const name = request.url.split('/').pop()!;
    reply.raw.once('close', () => signal(`closed ${name}`).resolve());
    signal(`arrived ${name}`).resolve();
  });
  limitWritesPerPlayer(app, options);
  const work = async (player: number, name: string) => {
    handled.push(name);
    const list = running.get(player) ?? [];
    running.set(player, [...list, name]);
    await new Promise<void>((resolve) => {
      releases.set(name, resolve);
      startOf(name).resolve();
    });
    running.set(
      player,
      (running.get(player) ?? []).filter((n) => n !== name),
    );
    return { done: name };
  };
  app.post('/write/:name', async (request) =>
    work(Number(request.headers['x-player']), (request.params as { name: string }).name),
  );
  app.get('/read/:name', async (request) =>
    work(Number(request.headers['x-player']), (request.params as { name: string }).name),
  );
  await app.ready();
  return {
    app,
    running,
    handled,
    finish: (name) => releases.get(name)!(),
    started: (name) => startOf(name).promise,
    arrived: (name) => signal(`arrived ${name}`).promise,
    closed: (name) => signal(`closed ${name}`).promise,
  };
}

const post = (h: Harness, player: number, name: string) =>
  h.app.inject({ method: 'POST', url: `/write/${name}`, headers: { 'x-player': String(player) } });

/** Lets every callback and hook that is ready run (the gate hands turns on in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('one player’s writes', () => {
  it('are worked on four at a time; the others wait and run in the order they came', async () => {
    const h = await harness();
    const answers: Array<Promise<LightMyRequestResponse>> = [];
    for (let i = 1; i <= 7; i++) answers.push(post(h, 1, `w${i}`));
    await Promise.all(['w1', 'w2', 'w3', 'w4'].map((n) => h.started(n)));
    await settle();
    expect(h.running.get(1)).toEqual(['w1', 'w2', 'w3', 'w4']);
    expect(h.handled).toHaveLength(4);

    h.finish('w2');
    await h.started('w5');
    await settle();
    expect(h.running.get(1)).toEqual(['w1', 'w3', 'w4', 'w5']);

    for (const n of ['w1', 'w3', 'w4', 'w5']) h.finish(n);
    await Promise.all(['w6', 'w7'].map((n) => h.started(n)));
    h.finish('w6');
    h.finish('w7');
    const statuses = (await Promise.all(answers)).map((a) => a.statusCode);
    expect(statuses).toEqual(Array(7).fill(200));
    expect(h.handled).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']);
  });

  it('never hold back another player’s writes, nor the same player’s reads', async () => {
    const h = await harness();
    const first = ['a1', 'a2', 'a3', 'a4', 'a5'].map((n) => post(h, 1, n));
    await Promise.all(['a1', 'a2', 'a3', 'a4'].map((n) => h.started(n)));
    const other = post(h, 2, 'b1');
    const read = h.app.inject({ method: 'GET', url: '/read/r1', headers: { 'x-player': '1' } });
    await Promise.all([h.started('b1'), h.started('r1')]);
    await settle();
    expect(h.running.get(1)).toEqual(['a1', 'a2', 'a3', 'a4', 'r1']);
    expect(h.running.get(2)).toEqual(['b1']);
    for (const n of ['b1', 'r1', 'a1']) h.finish(n);
    expect((await other).statusCode).toBe(200);
    expect((await read).statusCode).toBe(200);
    await h.started('a5');
    for (const n of ['a2', 'a3', 'a4', 'a5']) h.finish(n);
    expect((await Promise.all(first)).map((a) => a.statusCode)).toEqual(Array(5).fill(200));
  });

  it('past the waiting limit are answered 429 with when to retry, and never worked on', async () => {
    const h = await harness({ inFlight: 2, waiting: 3 });
    const names = ['x1', 'x2', 'x3', 'x4', 'x5'];
    const accepted = names.map((n) => post(h, 1, n));
    await Promise.all(['x1', 'x2'].map((n) => h.started(n)));
    await settle();
    const refused = await post(h, 1, 'x6');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(h.handled).not.toContain('x6');
    // Another player is not counted against the first one's limit.
    const other = post(h, 2, 'y1');
    await h.started('y1');
    h.finish('y1');
    expect((await other).statusCode).toBe(200);

    h.finish('x1');
    h.finish('x2');
    for (const n of ['x3', 'x4', 'x5']) {
      await h.started(n);
      h.finish(n);
    }
    expect((await Promise.all(accepted)).map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    // With the queue drained, the player is welcome again.
    const again = post(h, 1, 'x7');
    await h.started('x7');
    h.finish('x7');
    expect((await again).statusCode).toBe(200);
  });

  it('give their turn back when the client goes away while waiting or while worked on', async () => {
    const h = await harness({ inFlight: 1 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const send = (name: string) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/write/${name}`,
        headers: { 'x-player': '1' },
      });
      const answer = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
      });
      req.end();
      return { req, answer };
    };
    // One is worked on, one waits at the gate; both clients leave, the waiting one first.
    const worked = send('c1');
    await h.started('c1');
    const waiting = send('c2');
    worked.answer.catch(() => undefined);
    waiting.answer.catch(() => undefined);
    await h.arrived('c2');
    await settle(); // c2 has passed the hook before the gate and waits in it
    expect(h.handled).toEqual(['c1']);
    waiting.req.destroy();
    await h.closed('c2');
    worked.req.destroy();
    await h.closed('c1');
    // c1's handler still runs, yet neither left client holds the player's one turn: the next
    // write is worked on at once.
    const next = send('c3');
    await h.started('c3');
    expect(h.running.get(1)).toContain('c1');
    h.finish('c3');
    expect(await next.answer).toBe(200);
    h.finish('c1');
    if (h.handled.includes('c2')) h.finish('c2');
  });
});
