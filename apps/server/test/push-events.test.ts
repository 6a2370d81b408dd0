import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENT_REPLAY_MS, EVENT_SEQ_HEADER } from '@aleph/contracts';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/client.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { purgeOldEvents } from '../src/core/events.js';
import { announce } from '../src/modules/messages/announce.js';
import { settleDueBatch } from '../src/modules/missions/settle.js';
import { setProfileLevel } from '../src/modules/world/grants.js';
import { grantStarter } from '../src/modules/world/starter.js';
import {
  openTestDatabase,
  signedInPlayer,
  testConfig,
  TEST_EPOCH,
  type TestContext,
} from './helpers.js';
import { client, starter } from './game-helpers.js';
import { fetchJson, openSse, type SseStream } from './sse-client.js';

const HEARTBEAT_MS = 150;
let ctx: TestContext;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  const clock = new AdjustableClock({ now: () => TEST_EPOCH });
  // Missions take hours: the access token outlives them, the refresh token lives 30 days.
  const config = testConfig({ accessTokenTtlSeconds: 2 * 86_400 });
  const app = await buildApp(
    {
      config,
      database,
      clock,
      accountHooks: [grantStarter],
      events: { heartbeatMs: HEARTBEAT_MS },
    },
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  ctx = {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
});
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { cookie: p.cookie, api, profileId: row!.id, ...(await starter(api)) };
}

async function stream(cookie: string, headers: Record<string, string> = {}, query = '') {
  const s = await openSse(`${base}/events${query}`, { cookie, ...headers });
  streams.push(s);
  return s;
}

/** The event id the stream starts at: its first `id:` line (a heartbeat may come before it). */
async function startId(s: SseStream): Promise<number> {
  const blocks = await s.until((b) => b.some((x) => x.id !== undefined));
  return Number(blocks.find((x) => x.id !== undefined)!.id);
}

const named = (s: SseStream, name: string) => s.events().filter((e) => e.event === name);
/** The player's own events: world events (`map.changed`, no id) may come in between. */
const own = (s: SseStream) => s.events().filter((e) => e.event !== 'map.changed');

/** Starts DAILYREWARD with the resident hero and lets its ETA pass (not settled yet). */
async function dailyReward(p: Awaited<ReturnType<typeof newPlayer>>) {
  const start = await p.api.post('/misaar/mission/start', {
    missionType: 'DAILYREWARD',
    landid: p.land.landid,
    heroid: p.resident.heroid,
  });
  expect(start.status).toBe(200);
  return start.body as { missionid: number; minutes: number };
}

describe('GET /events', () => {
  it('answers 401 JSON without a session and 400 naming the field for a bad last event id', async () => {
    const anonymous = await fetchJson(`${base}/events`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/json');
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
    expect(anonymous.headers.get('cache-control')).toBe('no-store');

    const { cookie } = await newPlayer();
    for (const bad of ['-1', 'abc', '1.5', '99999999999999999999']) {
      const byQuery = await fetchJson(`${base}/events?lastEventId=${bad}`, { cookie });
      expect(byQuery.status).toBe(400);
      expect(byQuery.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'lastEventId' });
      const byHeader = await fetchJson(`${base}/events`, { cookie, 'last-event-id': bad });
      expect(byHeader.status).toBe(400);
      expect(byHeader.body.field).toBe('Last-Event-ID');
    }
  });

  it('streams uncompressed with the headers a stream needs, retry first, then the current id', async () => {
    const { cookie } = await newPlayer();
    const s = await stream(cookie, { 'accept-encoding': 'br, gzip' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-store');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    // The stream's connection ends with it: a client that pooled it for its next request would
    // see that request fail when the server closes it.
    expect(s.headers.get('connection')).toBe('close');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.headers.get('x-request-id')).toBeTruthy();
    // A page's policies mean nothing for an event stream and would cost memory per open stream.
    expect(s.headers.get('content-security-policy')).toBeNull();
    const [retry] = await s.until((b) => b.length >= 1);
    expect(retry!.retry).toBe('3000');
    // The starter grant's welcome message already produced events for this player.
    expect(await startId(s)).toBeGreaterThan(0);
    s.close();
  });

  it('pushes mission.finished, hero, land, profile and inbox events when a mission settles', async () => {
    const p = await newPlayer();
    const s = await stream(p.cookie);
    const from = await startId(s);
    const mission = await dailyReward(p);
    // The start: the hero is busy, the land's missions changed.
    await s.until(
      () => named(s, 'hero.changed').length >= 1 && named(s, 'land.changed').length >= 1,
    );
    ctx.clock.advance(mission.minutes * 60_000);
    // The player's next read settles the mission first.
    expect((await p.api.profile()).treasury.gold).toBe(100);
    await s.until(() => named(s, 'inbox.new').length >= 1);
    const events = own(s);
    const ids = events.map((e) => e.id!);
    expect(ids[0]).toBe(from + 1);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const [finished] = named(s, 'mission.finished');
    const inbox = await p.api.get('/hatif/messages');
    const report = (inbox.body as Array<{ msgid: number; subject: string }>).find((m) =>
      m.subject.startsWith('Daily reward'),
    );
    expect(finished!.data).toEqual({
      missionId: mission.missionid,
      missionType: 'DAILYREWARD',
      heroId: p.resident.heroid,
      heroName: p.resident.name,
      landId: p.land.landid,
      outcome: expect.stringMatching(/^\+100 gold, \+1 /),
      reportId: report?.msgid,
    });
    expect(named(s, 'profile.changed').at(-1)!.data).toMatchObject({
      treasury: { gold: 100, platinum: expect.any(Number) },
      xp: expect.any(Number),
      level: expect.any(Number),
      upgradable: expect.any(Boolean),
    });
    expect(named(s, 'hero.changed').at(-1)!.data).toEqual({ heroIds: [p.resident.heroid] });
    expect(named(s, 'land.changed').at(-1)!.data).toEqual({ landIds: [p.land.landid] });
    const unread = await p.api.get('/hatif/messages/countunread');
    expect(named(s, 'inbox.new').at(-1)!.data).toEqual({
      unread: (unread.body as { unreadMessages: number }).unreadMessages,
    });
    s.close();
  });

  it('tells the player of a level an operator set (admin level)', async () => {
    const p = await newPlayer();
    const s = await stream(p.cookie);
    await startId(s);
    await setProfileLevel(ctx.database.db, p.profileId, 4, ctx.clock.now());
    await s.until(() =>
      named(s, 'profile.changed').some((e) => (e.data as { level: number }).level === 4),
    );
    expect(named(s, 'profile.changed').at(-1)!.data).toMatchObject({ level: 4 });
    s.close();
  });

  it('replays exactly the missed events after Last-Event-ID, then resync complete', async () => {
    const p = await newPlayer();
    const first = await stream(p.cookie);
    const seen = await startId(first);
    first.close();
    const mission = await dailyReward(p);
    ctx.clock.advance(mission.minutes * 60_000);
    await p.api.profile();
    const [row] = await queryRows<{ seq: number }>(
      ctx.database.db,
      sql`select event_seq::int as seq from profiles where id = ${p.profileId}`,
    );
    const seq = row!.seq;
    expect(seq).toBeGreaterThan(seen);

    const again = await stream(p.cookie, { 'last-event-id': String(seen) });
    await again.until(() => named(again, 'resync').length === 1);
    const events = own(again);
    const replayed = events.slice(0, -1);
    expect(replayed.map((e) => e.id)).toEqual(
      Array.from({ length: seq - seen }, (_, i) => seen + 1 + i),
    );
    expect(replayed.map((e) => e.event)).toContain('mission.finished');
    expect(events.at(-1)).toEqual({ id: seq, event: 'resync', data: { complete: true } });
    again.close();

    // The query parameter is the fallback; nothing missed still ends with resync.
    const current = await stream(p.cookie, {}, `?lastEventId=${seq}`);
    await current.until(() => named(current, 'resync').length === 1);
    expect(own(current)).toEqual([{ id: seq, event: 'resync', data: { complete: true } }]);
    current.close();
  });

  it("names the player's event number before each signed-in request: a page's first stream from it hears what the page's first read settled", async () => {
    const p = await newPlayer();
    const before = await startId(await stream(p.cookie));
    const mission = await dailyReward(p);
    ctx.clock.advance(mission.minutes * 60_000);
    const [atStart] = await queryRows<{ seq: number }>(
      ctx.database.db,
      sql`select event_seq::int as seq from profiles where id = ${p.profileId}`,
    );
    expect(atStart!.seq).toBeGreaterThan(before);

    // The page loads: its first read settles the mission before answering, so the mission's
    // events are committed before the page's stream opens.
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/athar/profile',
      headers: { cookie: p.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers[EVENT_SEQ_HEADER]).toBe(String(atStart!.seq));

    const first = await stream(p.cookie, {}, `?lastEventId=${read.headers[EVENT_SEQ_HEADER]}`);
    await first.until(() => named(first, 'resync').length === 1);
    expect(own(first).map((e) => e.event)).toContain('mission.finished');
    expect(own(first).at(-1)).toMatchObject({ event: 'resync', data: { complete: true } });

    // Refused requests say nothing about the player.
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/athar/profile' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers[EVENT_SEQ_HEADER]).toBeUndefined();
  });

  it('says resync incomplete when missed events were already deleted by housekeeping', async () => {
    const p = await newPlayer();
    const s = await stream(p.cookie);
    const from = await startId(s);
    s.close();
    await dailyReward(p);
    ctx.clock.advance(EVENT_REPLAY_MS + 6 * 60_000);
    const deleted = await purgeOldEvents(ctx.database.db, ctx.clock.now());
    expect(deleted).toBeGreaterThan(0);
    const again = await stream(p.cookie, { 'last-event-id': String(from) });
    await again.until(() => named(again, 'resync').length === 1);
    const events = own(again);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'resync', data: { complete: false } });
    // Its id is the player's latest, so the next reconnect starts from there.
    expect(events[0]!.id).toBeGreaterThan(from);
    again.close();
  });

  it('two players settled in one batch each see only their own events', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const sa = await stream(a.cookie);
    const sb = await stream(b.cookie);
    await Promise.all([startId(sa), startId(sb)]);
    const ma = await dailyReward(a);
    const mb = await dailyReward(b);
    ctx.clock.advance(Math.max(ma.minutes, mb.minutes) * 60_000);
    // The worker's path: one batch, both players.
    expect(await settleDueBatch(ctx.database.db, ctx.clock.now(), 100)).toBeGreaterThanOrEqual(2);
    await Promise.all([
      sa.until(() => named(sa, 'inbox.new').length >= 1),
      sb.until(() => named(sb, 'inbox.new').length >= 1),
    ]);
    for (const [s, p, m] of [
      [sa, a, ma],
      [sb, b, mb],
    ] as const) {
      expect(
        named(s, 'mission.finished').map((e) => (e.data as { missionId: number }).missionId),
      ).toEqual([m.missionid]);
      for (const e of named(s, 'hero.changed'))
        expect((e.data as { heroIds: number[] }).heroIds).toEqual([p.resident.heroid]);
      for (const e of named(s, 'land.changed'))
        expect((e.data as { landIds: number[] }).landIds).toEqual([p.land.landid]);
    }
    sa.close();
    sb.close();
  });

  it('sends an announcement and the new unread count to every player', async () => {
    const a = await newPlayer();
    const s = await stream(a.cookie);
    await startId(s);
    const sent = await announce(
      ctx.database.db,
      { subject: 'Maintenance', body: 'Soon.' },
      ctx.clock.now(),
    );
    expect(sent).toBeGreaterThan(0);
    await s.until(() => named(s, 'inbox.new').length >= 1);
    expect(named(s, 'announcement')[0]!.data).toEqual({
      announcementId: expect.any(Number),
      subject: 'Maintenance',
    });
    s.close();
  });

  it("tells every stream when another player's land appears on the map, without an id", async () => {
    const a = await newPlayer();
    const s = await stream(a.cookie);
    await startId(s);
    const b = await newPlayer(); // registration grants a starter land
    await s.until(() => named(s, 'map.changed').length >= 1);
    const event = named(s, 'map.changed')[0]!;
    expect(event.data).toEqual({ continents: [b.land.continent] });
    // Not the player's event: a reconnect does not ask for it by id.
    expect(event.id).toBeUndefined();
    s.close();
  });

  it('closes the stream at once on logout', async () => {
    const p = await newPlayer();
    const s = await stream(p.cookie);
    await startId(s);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/logout',
      headers: { cookie: p.cookie },
    });
    expect(out.statusCode).toBe(200);
    await s.ended;
    expect((await fetchJson(`${base}/events`, { cookie: p.cookie })).status).toBe(401);
  });

  it('forgets a stream whose client went away, and keeps serving requests on other connections', async () => {
    const p = await newPlayer();
    const before = ctx.app.deps.events.streams;
    const s = await stream(p.cookie);
    await startId(s);
    expect(ctx.app.deps.events.streams).toBe(before + 1);
    s.close();
    for (let i = 0; i < 100 && ctx.app.deps.events.streams > before; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(ctx.app.deps.events.streams).toBe(before);
    // The same player reconnects and is told the current id again.
    const again = await stream(p.cookie);
    expect(await startId(again)).toBeGreaterThanOrEqual(0);
    expect((await fetchJson(`${base}/athar/profile`, { cookie: p.cookie })).status).toBe(200);
    again.close();
  });

  it('sends heartbeats and closes streams whose session ended, not when the access token expires', async () => {
    const p = await newPlayer();
    const q = await newPlayer();
    const s = await stream(p.cookie);
    const t = await stream(q.cookie);
    await Promise.all([startId(s), startId(t)]);
    await s.until((b) => b.some((x) => x.comments.includes('hb')));
    expect(ctx.app.deps.events.streams).toBeGreaterThanOrEqual(2);
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    const open = /^aleph_push_streams (\d+)$/m.exec(metrics.body);
    expect(Number(open?.[1])).toBe(ctx.app.deps.events.streams);
    // Revoked behind the hub's back (no notification): the batched session check finds it.
    await ctx.database.db.execute(
      sql`update sessions set revoked_at = ${ctx.clock.now()} where user_id = ${q.profileId}`,
    );
    await t.ended;
    // The access token expiring does not end a stream whose session lives on.
    ctx.clock.advance(ctx.config.accessTokenTtlSeconds * 1000 + 60_000);
    const beats = s.blocks.length;
    await s.until((b) => b.length >= beats + 3);
    // Past the refresh token's lifetime the session is over.
    ctx.clock.advance(ctx.config.refreshTokenTtlSeconds * 1000);
    await s.ended;
  });

  it('is left alone by the web app fallback, and lets the server close with streams open', async () => {
    const { database, drop } = await openTestDatabase();
    const clock = new AdjustableClock({ now: () => TEST_EPOCH });
    const webDist = mkdtempSync(path.join(tmpdir(), 'push-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    const app = await buildApp({
      config: testConfig({ webDist }),
      database,
      clock,
      accountHooks: [grantStarter],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const own = { app, database, clock, config: app.deps.config, close: async () => undefined };
    // A page path falls back to the app; the stream's paths never do.
    expect(await (await fetch(`${url}/lands/1`)).text()).toContain('<title>app</title>');
    for (const [method, at] of [
      ['HEAD', '/events'],
      ['GET', '/events/other'],
    ] as const) {
      const res = await fetch(`${url}${at}`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    const p = await signedInPlayer(own as unknown as TestContext);
    const s = await openSse(`${url}/events`, { cookie: p.cookie });
    await s.until((b) => b.some((x) => x.id !== undefined));
    const started = Date.now();
    await app.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(3000);
    await database.close();
    await drop();
    rmSync(webDist, { recursive: true, force: true });
  });
});
