import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ChatLine } from '@aleph/contracts';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { createTestContext, type TestContext } from './helpers.js';
import { allianceOf, player, type TestPlayer } from './alliance-test-kit.js';
import { openSse, type SseStream } from './sse-client.js';

/**
 * A chat line reaches a member whose push stream is held by ANOTHER server process: the line
 * is posted on app A, the stream is held on app B, both on one database. On PostgreSQL
 * (TEST_DATABASE_URL) B has its own pool, so the line travels by the database's notification;
 * PGlite serves one process, so there B shares A's database handle.
 */
let ctx: TestContext;
let second: Database;
let appB: FastifyInstance;
let urlB: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  second = ctx.databaseUrl
    ? await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 5 })
    : ctx.database;
  appB = await buildApp({
    config: ctx.config,
    database: second,
    clock: ctx.clock,
    accountHooks: [grantStarter],
  });
  await appB.listen({ port: 0, host: '127.0.0.1' });
  urlB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await appB.close();
  if (second !== ctx.database) await second.close();
  await ctx.close();
});

async function streamOnB(p: TestPlayer) {
  const s = await openSse(`${urlB}/events`, { cookie: p.cookie });
  streams.push(s);
  expect(s.status).toBe(200);
  await s.until((b) => b.some((x) => x.id !== undefined));
  return s;
}

const lines = (s: SseStream) =>
  s
    .events()
    .filter((e) => e.event === 'alliance.message')
    .map((e) => e.data as ChatLine);

describe('alliance chat across processes', () => {
  it("a line posted on A reaches a member's stream on B, its deletion too, and no outsider", async () => {
    const [leader, member, outsider] = [await player(ctx), await player(ctx), await player(ctx)];
    const id = await allianceOf(ctx, [
      { id: leader.id, role: 'leader' },
      { id: member.id, role: 'member' },
    ]);
    const heard = await streamOnB(member);
    const unheard = await streamOnB(outsider);
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/athar/alliances/${id}/chat`,
      headers: { cookie: leader.cookie },
      payload: { text: 'Across the wire' },
    });
    expect(posted.statusCode).toBe(201);
    const line = posted.json() as ChatLine;
    await heard.until(() => lines(heard).length >= 1, 30_000);
    expect(lines(heard)[0]).toEqual(line);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/athar/alliances/${id}/chat/${line.id}`,
      headers: { cookie: leader.cookie },
    });
    expect(removed.statusCode).toBe(204);
    await heard.until(() => lines(heard).length >= 2, 30_000);
    expect(lines(heard)[1]).toMatchObject({ id: line.id, text: '', deleted: true });
    expect(lines(unheard)).toEqual([]);
  }, 60_000);
});
