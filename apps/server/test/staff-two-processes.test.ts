import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { createTestContext, type TestContext } from './helpers.js';
import { as, withRole } from './staff-helpers.js';
import { openSse, type SseStream } from './sse-client.js';

/**
 * A ban given on one server process ends the player's sessions on another at once: its
 * requests answer 401 and its push stream closes as soon as the revocation's notification
 * arrives, long before the stream's own periodic session check would have found it. On
 * PostgreSQL the second process has its own connection pool; on PGlite (one process) both apps
 * share the database, and the notification goes the same way.
 */

let ctx: TestContext;
let other: FastifyInstance;
let otherDb: Database | undefined;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  otherDb = ctx.databaseUrl
    ? await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 5 })
    : undefined;
  other = await buildApp({
    config: ctx.config,
    database: otherDb ?? ctx.database,
    clock: ctx.clock,
    accountHooks: [grantStarter],
    // Its streams' own session check comes every ten minutes: only the notification is soon.
    events: { heartbeatMs: 600_000 },
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await other?.close();
  await otherDb?.close();
  await ctx?.close();
});

/** Far within the session check's period: only the notification can end the stream this soon. */
const NOTIFIED_MS = 5_000;

function endsSoon(s: SseStream): Promise<'ended' | 'still open'> {
  return Promise.race([
    s.ended.then(() => 'ended' as const),
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), NOTIFIED_MS)),
  ]);
}

describe('a ban on one process', () => {
  it("ends the player's sessions and push stream on the other", async () => {
    const admin = await withRole(ctx, 'admin');
    const target = await withRole(ctx, 'player');
    const s = await openSse(`${base}/events`, { cookie: target.cookie });
    streams.push(s);
    expect(s.status).toBe(200);
    await s.until((b) => b.some((x) => x.id !== undefined));
    const there = () =>
      fetch(`${base}/athar/profile`, { headers: { cookie: target.cookie } }).then((r) => r.status);
    expect(await there()).toBe(200);

    const ban = await as(ctx, admin, {
      method: 'POST',
      url: `/diwan/players/${target.id}/suspend`,
      body: { reason: 'Cheating with bots', notice: 'Your account is banned for cheating.' },
    });
    expect(ban.statusCode, ban.body).toBe(200);

    expect(await endsSoon(s)).toBe('ended');
    expect(await there()).toBe(401);
    const login = await fetch(`${base}/abwab/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: target.login, password: target.password }),
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', until: null });
  });
});
