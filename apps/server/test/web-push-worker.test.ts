import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PushDevice as Device, PushPayload } from '@aleph/contracts';
import { PUSH_CONFIG } from '@aleph/rules';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { PlayerEvents, writeEvents } from '../src/core/events.js';
import { startPushWorker } from '../src/jobs/push-worker.js';
import { createPushSender, type PushSender } from '../src/modules/push/sender.js';
import { allianceOf } from './alliance-test-kit.js';
import { arenaPlayer } from './arena-helpers.js';
import { createTestContext, type TestContext } from './helpers.js';
import { socialPlayer, write, type SocialPlayer } from './social-players.js';
import { openSse, type SseStream } from './sse-client.js';
import { startPushService, type PushDevice, type PushService } from './web-push-service.js';

/**
 * The web push worker (docs/architecture.md, "Web push"): what a player's phone gets when the
 * game has news and no tab of theirs is open. Pushes travel for real: encrypted by the server,
 * sent over HTTP to a loopback push service that checks the VAPID signature and decrypts them
 * with the device's keys, as a browser's push service and the browser would.
 */
let ctx: TestContext;
let service: PushService;
let sender: PushSender;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { events: { presenceWriteMs: 50 } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  service = await startPushService();
  const keys = ctx.config.webPush.keys();
  service.expectKey(keys.publicKey);
  sender = createPushSender({ ...keys, subject: ctx.config.webPush.subject });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await sender?.close();
  await service?.close();
  await ctx?.close();
});

/** A worker that runs only when the test drains it. */
const worker = () =>
  startPushWorker(ctx.database.db, ctx.clock, sender, ctx.app.log, {
    intervalMs: 3_600_000,
    observer: ctx.app.metrics.push,
  });
let current: ReturnType<typeof worker> | null = null;
const drain = async () => {
  current ??= worker();
  return current.drain();
};
afterEach(async () => {
  await current?.stop();
  current = null;
});

/** A player with `devices` phones subscribed through the API. */
async function playerWithDevices(devices = 1) {
  const p = await socialPlayer(ctx, 1);
  const phones: PushDevice[] = [];
  for (let i = 0; i < devices; i++) {
    const phone = service.newDevice();
    const res = await p.call({
      method: 'POST',
      url: '/athar/push/subscriptions',
      body: { endpoint: phone.endpoint, keys: phone.keys },
    });
    expect(res.statusCode).toBe(201);
    phones.push(phone);
  }
  return { ...p, phones };
}

const payloads = (phone: PushDevice) =>
  service.received(phone.id).map((r) => r.payload as PushPayload);

/** Events written as the game writes them: in a transaction, with its push queue. */
async function happen(fill: (events: PlayerEvents) => void) {
  const events = new PlayerEvents();
  fill(events);
  await ctx.database.db.transaction((tx) => writeEvents(tx, events, ctx.clock.now()));
}

let mission = 0;
const missionFinished = (heroName: string) => ({
  missionId: ++mission,
  missionType: 'SCOUT',
  heroId: 7,
  heroName,
  landId: 1,
  outcome: '+120 gold',
  reportId: null,
});

const queued = async (id: number) => {
  const rows = await queryRows<{ kind: string; state: string }>(
    ctx.database.db,
    sql`select kind, state from push_queue where profile_id = ${id} order by id`,
  );
  return rows;
};

describe('web push: what is sent', () => {
  it('pushes a message to every device of a player with no open tab, encrypted for each', async () => {
    const to = await playerWithDevices(2);
    const from = await socialPlayer(ctx, 1);
    expect((await write(from, to.nickname, 'Trade?', 'Want my sword?')).statusCode).toBe(201);
    await drain();
    for (const phone of to.phones) {
      const [push] = payloads(phone);
      expect(push).toMatchObject({
        kind: 'message.new',
        title: `Message from ${from.nickname}`,
        body: 'Trade?',
        url: '/messages',
        count: 1,
      });
      const [got] = service.received(phone.id);
      expect(got!.jwt.aud).toBe(service.origin);
      expect(got!.ttl).toBe(PUSH_CONFIG.ttlSeconds);
    }
    // The account page shows when each device last got one.
    const list = (await to.call({ method: 'GET', url: '/athar/push/subscriptions' })).json<
      Device[]
    >();
    expect(list.every((d) => d.lastSuccessAt === ctx.clock.now().toISOString())).toBe(true);
    // Each device got it once: a later drain sends nothing more.
    await drain();
    for (const phone of to.phones) expect(service.received(phone.id)).toHaveLength(1);
  });

  it('queues nothing for a player without a device', async () => {
    const to = await socialPlayer(ctx, 1);
    const from = await socialPlayer(ctx, 1);
    expect((await write(from, to.nickname)).statusCode).toBe(201);
    expect(await queued(to.id)).toEqual([]);
  });

  it('tells a defender their team was attacked in the Arena', async () => {
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    const phone = service.newDevice();
    const sub = await d.call('POST', '/athar/push/subscriptions', {
      endpoint: phone.endpoint,
      keys: phone.keys,
    });
    expect(sub.status).toBe(201);
    await d.setDefence(d.heroIds);
    await a.offer([d.id]);
    const res = await a.attack(d.id, a.heroIds);
    expect(res.status).toBe(200);
    await drain();
    const [push] = payloads(phone);
    const held = res.body.winner === 'defender';
    expect(push).toMatchObject({
      kind: 'arena.attacked',
      title: held ? 'Your Arena defence held' : 'Your Arena defence fell',
      url: '/messages',
    });
    expect(push!.body).toContain(`${a.nickname} attacked your defence team`);
  });

  it('tells a member their @nickname was written in alliance chat, and nobody else', async () => {
    const [leader, named, other] = [
      await playerWithDevices(),
      await playerWithDevices(),
      await playerWithDevices(),
    ];
    const id = await allianceOf(ctx, [
      { id: leader.id, role: 'leader' },
      { id: named.id, role: 'member' },
      { id: other.id, role: 'member' },
    ]);
    const post = (text: string) =>
      leader.call({ method: 'POST', url: `/athar/alliances/${id}/chat`, body: { text } });
    expect((await post(`Gather at the gate, @${named.nickname.toUpperCase()}!`)).statusCode).toBe(
      201,
    );
    // Writing one's own name is no mention.
    expect((await post(`@${leader.nickname} here`)).statusCode).toBe(201);
    await drain();
    expect(payloads(named.phones[0]!)).toEqual([
      expect.objectContaining({
        kind: 'alliance.mention',
        title: `${leader.nickname} mentioned you`,
        body: `Gather at the gate, @${named.nickname.toUpperCase()}!`,
        url: `/alliances/${id}`,
      }),
    ]);
    expect(service.received(other.phones[0]!.id)).toEqual([]);
    expect(service.received(leader.phones[0]!.id)).toEqual([]);
  });

  it('tells a level-up once per level, however often the profile changes', async () => {
    const p = await playerWithDevices();
    const at = { treasury: { gold: 5, platinum: 0 }, xp: 999, level: 3, upgradable: true };
    await happen((e) => e.profileChanged(p.id, { gold: 5, platinum: 0, xp: 999, level: 3 }));
    await happen((e) => e.add(p.id, 'profile.changed', at));
    await drain();
    ctx.clock.advance(PUSH_CONFIG.foldWindowMs);
    await happen((e) => e.add(p.id, 'profile.changed', { ...at, xp: 1200 }));
    await drain();
    const pushes = payloads(p.phones[0]!);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ kind: 'profile.levelup', title: 'Level up available' });
    expect(pushes[0]!.body).toContain('level 4');
  });
});

describe('web push: when it is sent', () => {
  it('folds a burst into one push, and one kind goes out at most once a minute', async () => {
    const p = await playerWithDevices();
    const phone = p.phones[0]!;
    await happen((e) => {
      for (const name of ['Aram', 'Bel', 'Cyra'])
        e.add(p.id, 'mission.finished', missionFinished(name));
    });
    await drain();
    expect(payloads(phone)).toEqual([
      expect.objectContaining({
        kind: 'mission.finished',
        title: '3 missions finished',
        body: 'Aram, Bel and 1 more returned.',
        url: '/missions/log',
        count: 3,
      }),
    ]);
    // Two more within the minute wait for it to pass, then go out as one.
    ctx.clock.advance(10_000);
    await happen((e) => e.add(p.id, 'mission.finished', missionFinished('Dara')));
    await drain();
    ctx.clock.advance(20_000);
    await happen((e) => e.add(p.id, 'mission.finished', missionFinished('Eli')));
    // Another kind is not held up by it.
    await happen((e) =>
      e.add(p.id, 'bazaar.sold', {
        listingid: 4,
        kind: 'hero',
        title: 'Aram',
        currency: 'gold',
        amount: 1500,
      }),
    );
    await drain();
    expect(payloads(phone).map((x) => x.kind)).toEqual(['mission.finished', 'bazaar.sold']);
    expect(payloads(phone)[1]).toMatchObject({
      body: 'Aram sold for 1,500 gold.',
      url: '/bazaar/mine',
    });
    ctx.clock.advance(30_000);
    await drain();
    expect(payloads(phone)).toHaveLength(3);
    expect(payloads(phone)[2]).toMatchObject({ title: '2 missions finished', count: 2 });
  });

  it('sends nothing while the player has the game open, and again once it is closed', async () => {
    const p = await playerWithDevices();
    const openRows = () =>
      queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from open_streams where profile_id = ${p.id}`,
      ).then((rows) => rows[0]!.n);
    const s = await openSse(`${base}/events`, { cookie: p.cookie });
    streams.push(s);
    await s.until((b) => b.some((x) => x.id !== undefined));
    await eventually(async () => (await openRows()) === 1, 'the open stream is recorded');

    await happen((e) => e.add(p.id, 'mission.finished', missionFinished('Aram')));
    await drain();
    expect(service.received(p.phones[0]!.id)).toEqual([]);
    expect(await queued(p.id)).toEqual([{ kind: 'mission.finished', state: 'dropped' }]);
    // The tab showed it: the stream carried the event.
    await s.until((b) => b.some((x) => x.event === 'mission.finished'));

    s.close();
    await eventually(async () => (await openRows()) === 0, 'the closed stream is removed');
    ctx.clock.advance(PUSH_CONFIG.foldWindowMs);
    await happen((e) => e.add(p.id, 'mission.finished', missionFinished('Bel')));
    await drain();
    expect(payloads(p.phones[0]!)).toEqual([
      expect.objectContaining({ body: expect.stringContaining('Bel returned') }),
    ]);
  });

  it('holds pushes in quiet hours and sends one summary when they end', async () => {
    const p = await playerWithDevices();
    const phone = p.phones[0]!;
    // Quiet from an hour ago to two hours on, on the player's clock in Tokyo (UTC+9).
    const minute = (at: Date) => ((at.getUTCHours() + 9) % 24) * 60 + at.getUTCMinutes();
    const hhmm = (m: number) =>
      `${String(Math.floor(((m + 1440) % 1440) / 60)).padStart(2, '0')}:${String((m + 1440) % 60).padStart(2, '0')}`;
    const now = minute(ctx.clock.now());
    const prefs = await p.call({
      method: 'PUT',
      url: '/athar/push/preferences',
      body: {
        kinds: ['mission.finished', 'message.new', 'bazaar.outbid'],
        quietHours: { start: hhmm(now - 60), end: hhmm(now + 120) },
        timeZone: 'Asia/Tokyo',
      },
    });
    expect(prefs.statusCode).toBe(200);
    const from = await socialPlayer(ctx, 1);
    await happen((e) => {
      e.add(p.id, 'mission.finished', missionFinished('Aram'));
      e.add(p.id, 'mission.finished', missionFinished('Bel'));
      // A kind the player turned off is never sent.
      e.add(p.id, 'bazaar.sold', {
        listingid: 1,
        kind: 'hero',
        title: 'X',
        currency: 'gold',
        amount: 1,
      });
    });
    expect((await write(from, p.nickname)).statusCode).toBe(201);
    await drain();
    ctx.clock.advance(60 * 60_000);
    await drain();
    expect(service.received(phone.id)).toEqual([]);

    ctx.clock.advance(61 * 60_000);
    await drain();
    expect(payloads(phone)).toEqual([
      expect.objectContaining({
        kind: 'summary',
        title: 'While you were away',
        body: '1 new message, 2 missions finished.',
        url: '/',
        count: 3,
      }),
    ]);
    expect((await queued(p.id)).map((r) => r.state).sort()).toEqual([
      'dropped',
      'sent',
      'sent',
      'sent',
    ]);
  });
});

describe('web push: what the push service answers', () => {
  it('removes a device the push service says is gone (410), and tries it no more', async () => {
    const p = await playerWithDevices(2);
    const [gone, kept] = p.phones as [PushDevice, PushDevice];
    service.forget(gone.id);
    await happen((e) => e.add(p.id, 'mission.finished', missionFinished('Aram')));
    await drain();
    expect(service.requests(gone.id).map((r) => r.status)).toEqual([410]);
    expect(service.received(kept.id)).toHaveLength(1);
    const list = (await p.call({ method: 'GET', url: '/athar/push/subscriptions' })).json<
      Device[]
    >();
    expect(list).toHaveLength(1);
    ctx.clock.advance(PUSH_CONFIG.foldWindowMs);
    await happen((e) => e.add(p.id, 'mission.finished', missionFinished('Bel')));
    await drain();
    expect(service.requests(gone.id)).toHaveLength(1);
    // Operators see it among the metrics.
    expect(await ctx.app.metrics.render()).toMatch(/^aleph_push_devices_removed_total 1$/m);
  });

  it('retries after a 500 with backoff and after a 429 when the service asks, then delivers once', async () => {
    const p = await playerWithDevices();
    const phone = p.phones[0]!;
    service.answer(phone.id, 500, { status: 429, retryAfter: '120' });
    await happen((e) => e.add(p.id, 'mission.finished', missionFinished('Aram')));
    await drain();
    expect(service.requests(phone.id).map((r) => r.status)).toEqual([500]);
    // The first retry waits PUSH_CONFIG.firstRetryMs.
    ctx.clock.advance(PUSH_CONFIG.firstRetryMs - 1000);
    await drain();
    expect(service.requests(phone.id)).toHaveLength(1);
    ctx.clock.advance(1000);
    await drain();
    expect(service.requests(phone.id).map((r) => r.status)).toEqual([500, 429]);
    // The service asked for two minutes, longer than the backoff.
    ctx.clock.advance(119_000);
    await drain();
    expect(service.requests(phone.id)).toHaveLength(2);
    ctx.clock.advance(1000);
    await drain();
    expect(service.requests(phone.id).map((r) => r.status)).toEqual([500, 429, 201]);
    expect(payloads(phone)).toHaveLength(1);
  });
});

describe('web push: several server processes', () => {
  it('sends each push once per device when two workers drain at the same time', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => playerWithDevices(2)));
    await happen((e) => {
      for (const p of players) e.add(p.id, 'mission.finished', missionFinished(`Hero ${p.id}`));
    });
    // A second process: its own connections to the same database (PostgreSQL), or on PGlite,
    // a second worker on the one database.
    let other: Database | null = null;
    if (ctx.databaseUrl) other = await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 4 });
    const second = startPushWorker(other?.db ?? ctx.database.db, ctx.clock, sender, ctx.app.log, {
      intervalMs: 3_600_000,
      deliveriesPerBatch: 5,
    });
    const first = startPushWorker(ctx.database.db, ctx.clock, sender, ctx.app.log, {
      intervalMs: 3_600_000,
      deliveriesPerBatch: 5,
    });
    try {
      await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);
      await Promise.all([first.drain(), second.drain()]);
    } finally {
      await first.stop();
      await second.stop();
      await other?.close();
    }
    for (const p of players)
      for (const phone of p.phones) {
        expect(service.received(phone.id)).toHaveLength(1);
        expect(payloads(phone)[0]!.body).toContain(`Hero ${p.id} returned`);
      }
    const [left] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from push_deliveries`,
    );
    expect(left!.n).toBe(0);
  });
});

/** Polls a condition the server reaches on its own (a write beside the stream), bounded. */
async function eventually(test: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type { SocialPlayer };
