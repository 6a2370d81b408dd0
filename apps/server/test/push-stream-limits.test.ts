import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { STREAM_REPLACED_EVENT } from '@aleph/contracts';
import { announce } from '../src/modules/messages/announce.js';
import { cookiesFrom, createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { openSse, type SseStream } from './sse-client.js';

/**
 * A player holds at most five streams in a process, and one session at most three (docs/api.md,
 * "Push"): a newer stream past a limit replaces the oldest, which is told so and ends, instead of
 * every stream a client opens being served.
 */
let ctx: TestContext;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { events: { heartbeatMs: 500 } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

/** A fresh player signed in `sessions` times: one Cookie header per session. */
async function playerWithSessions(sessions: number): Promise<string[]> {
  const first = await signedInPlayer(ctx);
  const cookies = [first.cookie];
  while (cookies.length < sessions) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      payload: { username: first.login, password: first.password },
    });
    expect(res.statusCode).toBe(200);
    cookies.push(cookiesFrom(res));
  }
  return cookies;
}

/** Opens a stream and waits until the hub has taken it (its first id). */
async function stream(cookie: string) {
  const s = await openSse(`${base}/events`, { cookie });
  streams.push(s);
  expect(s.status).toBe(200);
  await s.until((b) => b.some((x) => x.id !== undefined));
  return s;
}

const named = (s: SseStream, name: string) => s.events().filter((e) => e.event === name);

function watchEnd(s: SseStream) {
  const state = { ended: false };
  void s.ended.then(() => (state.ended = true));
  return state;
}

/** An announcement reaches every open stream: the ones still served hear it. */
async function announceAndHear(subject: string, open: SseStream[]) {
  await announce(ctx.database.db, { subject, body: 'To every player.' }, ctx.clock.now());
  await Promise.all(
    open.map((s) =>
      s.until(() =>
        named(s, 'announcement').some((e) => (e.data as { subject: string }).subject === subject),
      ),
    ),
  );
}

describe('push stream limits', () => {
  it("replaces a player's oldest of six streams: it hears stream.replaced and ends, five stay", async () => {
    const cookies = await playerWithSessions(6);
    const opened: SseStream[] = [];
    for (const cookie of cookies) opened.push(await stream(cookie));
    const [oldest, ...rest] = opened as [SseStream, ...SseStream[]];
    const restEnded = rest.map(watchEnd);

    await oldest.until(() => named(oldest, STREAM_REPLACED_EVENT).length === 1);
    await oldest.ended;
    const replaced = oldest.events().filter((e) => e.event === STREAM_REPLACED_EVENT);
    expect(replaced).toEqual([
      { id: undefined, event: STREAM_REPLACED_EVENT, data: { per: 'player', limit: 5 } },
    ]);
    // Its last block: nothing follows the event but the end.
    expect(oldest.blocks.at(-1)!.event).toBe(STREAM_REPLACED_EVENT);

    await announceAndHear('Five streams', rest);
    expect(restEnded.map((s) => s.ended)).toEqual([false, false, false, false, false]);
    for (const s of rest) expect(named(s, STREAM_REPLACED_EVENT)).toEqual([]);
    for (const s of rest) s.close();
  });

  it("replaces a session's own oldest past three, leaving the player's other sessions alone", async () => {
    const [a, b] = await playerWithSessions(2);
    // The other session's stream is the player's oldest.
    const other = await stream(b!);
    const own: SseStream[] = [];
    for (let i = 0; i < 4; i++) own.push(await stream(a!));
    const [first, ...kept] = own as [SseStream, ...SseStream[]];
    const keptEnded = [other, ...kept].map(watchEnd);

    await first.until(() => named(first, STREAM_REPLACED_EVENT).length === 1);
    await first.ended;
    expect(named(first, STREAM_REPLACED_EVENT)[0]!.data).toEqual({ per: 'session', limit: 3 });

    await announceAndHear('Three streams', [other, ...kept]);
    expect(keptEnded.map((s) => s.ended)).toEqual([false, false, false, false]);
    for (const s of [other, ...kept]) s.close();
  });

  it("leaves other players' streams alone", async () => {
    const [bystander] = await playerWithSessions(1);
    const watched = await stream(bystander!);
    const busy = await playerWithSessions(1);
    for (let i = 0; i < 4; i++) await stream(busy[0]!);
    await announceAndHear('Someone else', [watched]);
    expect(named(watched, STREAM_REPLACED_EVENT)).toEqual([]);
    watched.close();
  });
});
