import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { onlineIds } from '../src/core/presence.js';
import { PresenceWriter } from '../src/modules/events/presence.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client } from './game-helpers.js';
import { openSse, type SseStream } from './sse-client.js';

/**
 * Presence (docs/game-rules.md, Friends): a player is online while connected to the push
 * stream, within SOCIAL_CONFIG.friends.onlineWindowMs of the last time a process recorded them.
 * The hub writes on connect and then every `presenceWriteMs` (shortened here to 50 ms of real
 * time); the recorded instant is the test clock's, which the tests move.
 */
let ctx: TestContext;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext(
    { accessTokenTtlSeconds: 365 * 86_400, refreshTokenTtlSeconds: 2 * 365 * 86_400 },
    { events: { presenceWriteMs: 50 } },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { cookie: p.cookie, api: client(ctx, p.cookie), id: row!.id };
}

async function stream(cookie: string) {
  const s = await openSse(`${base}/events`, { cookie });
  streams.push(s);
  expect(s.status).toBe(200);
  await s.until((b) => b.some((x) => x.id !== undefined));
  return s;
}

/** Polls a condition the server reaches on its own (a write beside the stream), bounded. */
async function eventually(test: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

const isOnline = async (id: number) =>
  (await onlineIds(ctx.database.db, [id], ctx.clock.now())).has(id);

/** Two players made friends through the API. */
async function friends() {
  const a = await newPlayer();
  const b = await newPlayer();
  expect((await a.api.post('/athar/friends', { profileid: b.id })).status).toBe(201);
  expect((await b.api.post(`/athar/friends/${a.id}/accept`)).status).toBe(200);
  return { a, b };
}

const friendOnline = async (viewer: Awaited<ReturnType<typeof newPlayer>>, id: number) => {
  const res = await viewer.api.get('/athar/friends');
  const list = res.body as { friends: Array<{ profileid: number; online: boolean }> };
  return list.friends.find((f) => f.profileid === id)?.online;
};

describe('presence', () => {
  it('shows a friend online while their stream is open and offline two minutes after it closed', async () => {
    const { a, b } = await friends();
    expect(await friendOnline(a, b.id)).toBe(false);

    const s = await stream(b.cookie);
    await eventually(() => isOnline(b.id), 'the connect is recorded');
    expect(await friendOnline(a, b.id)).toBe(true);

    s.close();
    await eventually(async () => ctx.app.deps.events.streams === 0, 'the hub drops the stream');
    ctx.clock.advance(SOCIAL_CONFIG.friends.onlineWindowMs - 1000);
    expect(await friendOnline(a, b.id)).toBe(true);
    ctx.clock.advance(2000);
    expect(await friendOnline(a, b.id)).toBe(false);
  });

  it('keeps a player with an open stream online as time passes: the hub writes them again', async () => {
    const p = await newPlayer();
    const idle = await newPlayer();
    await stream(p.cookie);
    await eventually(() => isOnline(p.id), 'the connect is recorded');
    ctx.clock.advance(3 * 60_000);
    // Three minutes on, only a later write of the hub makes the player online again.
    await eventually(() => isOnline(p.id), 'the periodic write records the player again');
    expect(await isOnline(idle.id)).toBe(false);
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from presence where profile_id = ${idle.id}`,
    );
    expect(row!.n).toBe(0);
  });

  it('records every player whose stream opens while a write runs, and skips deleted ones', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const writer = new PresenceWriter(ctx.database, ctx.clock, ctx.app.log, 60_000);
    for (const p of players) writer.seen(p.id);
    writer.seen(2_147_483_647);
    await writer.stop();
    const seen = await onlineIds(
      ctx.database.db,
      players.map((p) => p.id),
      ctx.clock.now(),
    );
    expect([...seen].sort()).toEqual(players.map((p) => p.id).sort());
  });

  it('answers nobody for an empty list and ignores unknown ids', async () => {
    expect(await onlineIds(ctx.database.db, [], ctx.clock.now())).toEqual(new Set());
    expect(await onlineIds(ctx.database.db, [2_147_483_647], ctx.clock.now())).toEqual(new Set());
  });
});
