import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { AdjustableClock } from '../src/lib/clock.js';
import {
  createPushSender,
  parseRetryAfter,
  VAPID_JWT_SECONDS,
  VAPID_RENEW_AFTER_MS,
  type PushSender,
} from '../src/modules/push/sender.js';
import { startPushService, type PushDevice, type PushService } from './web-push-service.js';

/** The push sender against the loopback push service, which checks and decrypts what it gets. */
const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@game.example' };
const target = (device: PushDevice) => ({ endpoint: device.endpoint, ...device.keys });
const nowSeconds = () => Math.floor(Date.now() / 1000);

let service: PushService;
let sender: PushSender;
beforeAll(async () => {
  service = await startPushService();
  service.expectKey(vapid.publicKey);
  sender = createPushSender(vapid);
});
afterAll(async () => {
  await sender.close();
  await service.close();
});

/** Servers a test starts besides the push service, closed after it. */
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a push sent', () => {
  it('arrives decrypted, signed with our key for the push service, with its TTL, urgency and topic', async () => {
    const device = service.newDevice();
    const payload = { kind: 'arena.attacked', title: 'Your land was attacked', url: '/arena' };
    const result = await sender.send(target(device), JSON.stringify(payload), {
      ttlSeconds: 900,
      urgency: 'high',
      topic: 'arena',
    });
    expect(result).toEqual({ status: 201, retryAfterMs: null, error: null });
    const [push] = service.received(device.id);
    expect(push).toMatchObject({
      payload,
      ttl: 900,
      urgency: 'high',
      topic: 'arena',
      jwt: { aud: service.origin, sub: vapid.subject },
    });
    // About 12 h ahead: well inside the 24 h a push service allows.
    expect(push!.jwt.exp).toBeGreaterThan(nowSeconds() + VAPID_JWT_SECONDS - 60);
    expect(push!.jwt.exp).toBeLessThanOrEqual(nowSeconds() + VAPID_JWT_SECONDS);
  });

  it('without urgency or topic goes as normal, with none', async () => {
    const device = service.newDevice();
    await sender.send(target(device), 'hello', { ttlSeconds: 0 });
    expect(service.received(device.id)).toMatchObject([
      { text: 'hello', ttl: 0, urgency: 'normal', topic: null },
    ]);
  });

  it('many at once all arrive, each decrypted for its own device', async () => {
    const devices = Array.from({ length: 8 }, () => service.newDevice());
    const results = await Promise.all(
      devices.flatMap((device, d) =>
        [0, 1, 2].map((n) =>
          sender.send(target(device), `{"d":${d},"n":${n}}`, { ttlSeconds: 60 }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(201));
    for (const [d, device] of devices.entries()) {
      const got = service.received(device.id).map((p) => p.payload as { d: number; n: number });
      expect(got.map((p) => p.d)).toEqual([d, d, d]);
      expect(got.map((p) => p.n).sort()).toEqual([0, 1, 2]);
    }
  });
});

describe("the push service's answers come back as results", () => {
  it('404 for an unknown subscription, 410 for a gone one, 500, then 201 again', async () => {
    const device = service.newDevice();
    const unknown = await sender.send(
      { ...target(device), endpoint: `${service.origin}/push/nobody` },
      'x',
      { ttlSeconds: 60 },
    );
    expect(unknown).toMatchObject({ status: 404, retryAfterMs: null });
    expect(unknown.error).toMatch(/^404 .*no such subscription/);

    service.answer(device.id, 500);
    const failed = await sender.send(target(device), 'x', { ttlSeconds: 60 });
    expect(failed.status).toBe(500);
    expect(failed.error).toMatch(/^500/);
    expect((await sender.send(target(device), 'y', { ttlSeconds: 60 })).status).toBe(201);

    service.forget(device.id);
    const gone = await sender.send(target(device), 'z', { ttlSeconds: 60 });
    expect(gone).toMatchObject({ status: 410, retryAfterMs: null });
    expect(service.received(device.id).map((p) => p.text)).toEqual(['y']);
  });

  it('429 with Retry-After in seconds or as an HTTP date', async () => {
    // Standing still, at whole seconds: an HTTP date has no finer ones.
    const at = new Date(nowSeconds() * 1000);
    const clock = { now: () => at };
    const timed = createPushSender(vapid, { wallClock: clock });
    try {
      const device = service.newDevice();
      service.answer(
        device.id,
        { status: 429, retryAfter: '120' },
        { status: 429, retryAfter: new Date(clock.now().getTime() + 90_000).toUTCString() },
        429,
      );
      const send = () => timed.send(target(device), 'x', { ttlSeconds: 60 });
      expect(await send()).toMatchObject({ status: 429, retryAfterMs: 120_000 });
      expect(await send()).toMatchObject({ status: 429, retryAfterMs: 90_000 });
      expect(await send()).toMatchObject({ status: 429, retryAfterMs: null });
    } finally {
      await timed.close();
    }
  });

  it('parses Retry-After as RFC 9110 writes it', () => {
    const now = Date.parse('2026-11-28T05:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 30 ', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 05:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 04:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('a closed port is status 0, not an exception', async () => {
    const server = createServer();
    const origin = await listen(server);
    servers.splice(servers.indexOf(server), 1);
    await new Promise((resolve) => server.close(resolve));
    const device = service.newDevice();
    const result = await sender.send({ ...target(device), endpoint: `${origin}/push/x` }, 'x', {
      ttlSeconds: 60,
    });
    expect(result).toMatchObject({ status: 0, retryAfterMs: null });
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('a push that cannot be made is status 0 with the reason, not an exception', async () => {
    const device = service.newDevice();
    // 65 bytes starting 0x04 as the subscription routes check, but no point on the curve.
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 0x04;
    const results = await Promise.all([
      sender.send({ ...target(device), p256dh: offCurve.toString('base64url') }, 'x', {
        ttlSeconds: 60,
      }),
      sender.send(target(device), 'x', { ttlSeconds: -1 }),
      sender.send(target(device), 'x', { ttlSeconds: 60, topic: 'not a topic!' }),
      sender.send({ ...target(device), endpoint: 'not a url' }, 'x', { ttlSeconds: 60 }),
      sender.send(target(device), 'sent', { ttlSeconds: 60 }),
    ]);
    expect(results.map((r) => r.status)).toEqual([0, 0, 0, 0, 201]);
    for (const r of results.slice(0, 3)) expect(r.error).toMatch(/^not sent: /);
    expect(results[0]!.error).toMatch(/public key/i);
    expect(service.requests(device.id).map((r) => r.status)).toEqual([201]);
  });

  it('a push service that never answers is status 0 after the timeout', async () => {
    const silent = await listen(createServer(() => {}));
    const quick = createPushSender(vapid, { timeoutMs: 200 });
    try {
      const device = service.newDevice();
      const result = await quick.send({ ...target(device), endpoint: `${silent}/push/x` }, 'x', {
        ttlSeconds: 60,
      });
      expect(result).toEqual({ status: 0, retryAfterMs: null, error: 'no answer within 200 ms' });
    } finally {
      await quick.close();
    }
  });
});

describe('the VAPID header', () => {
  it('is signed once per push service and reused for its pushes', async () => {
    const other = await startPushService();
    const own = createPushSender(vapid);
    try {
      const a = service.newDevice();
      const b = service.newDevice();
      const c = other.newDevice();
      for (const device of [a, b, a, c, b, c])
        expect((await own.send(target(device), 'x', { ttlSeconds: 60 })).status).toBe(201);
      // ES256 signatures differ each time they are made: one text means one signature.
      const tokens = service.received().filter((p) => p.deviceId === a.id || p.deviceId === b.id);
      expect(new Set(tokens.map((p) => p.token)).size).toBe(1);
      expect(new Set(other.received().map((p) => p.token)).size).toBe(1);
      expect(other.received()[0]!.token).not.toBe(tokens[0]!.token);
      expect(other.received()[0]!.jwt.aud).toBe(other.origin);
    } finally {
      await own.close();
      await other.close();
    }
  });

  it('is renewed 6 h after it was signed, with an expiry 12 h from then', async () => {
    const clock = new AdjustableClock();
    const own = createPushSender(vapid, { wallClock: clock });
    try {
      const device = service.newDevice();
      const send = async () => {
        expect((await own.send(target(device), 'x', { ttlSeconds: 60 })).status).toBe(201);
        return service.received(device.id).at(-1)!;
      };
      const first = await send();
      clock.advance(VAPID_RENEW_AFTER_MS - 60_000);
      const before = await send();
      expect(before.token).toBe(first.token);
      clock.advance(60_000);
      const after = await send();
      expect(after.token).not.toBe(first.token);
      expect(after.jwt.exp - first.jwt.exp).toBeGreaterThanOrEqual(VAPID_RENEW_AFTER_MS / 1000);
    } finally {
      await own.close();
    }
  });
});

describe('connections', () => {
  /** A push service that answers 201 and counts the connections it was sent on. */
  async function countingService(onRequest?: (socket: Socket, nth: number) => boolean) {
    const sockets = new Map<Socket, number>();
    const server = createServer((req, res) => {
      const nth = (sockets.get(req.socket) ?? 0) + 1;
      sockets.set(req.socket, nth);
      req.resume();
      req.on('end', () => {
        if (onRequest && !onRequest(req.socket, nth)) return;
        res.writeHead(201).end();
      });
    });
    const origin = await listen(server);
    return { origin, connections: () => sockets.size };
  }

  it('are kept open: pushes one after another share one', async () => {
    const counting = await countingService();
    const own = createPushSender(vapid);
    try {
      const device = service.newDevice();
      for (let i = 0; i < 5; i++) {
        const result = await own.send(
          { ...target(device), endpoint: `${counting.origin}/p/${i}` },
          'x',
          {
            ttlSeconds: 60,
          },
        );
        expect(result.status).toBe(201);
      }
      expect(counting.connections()).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('one the push service closed while it was idle is replaced, and the push still goes', async () => {
    // Hangs up on the second request of every connection, as a service that has just closed it.
    const counting = await countingService((socket, nth) => {
      if (nth === 1) return true;
      socket.destroy();
      return false;
    });
    const own = createPushSender(vapid);
    try {
      const device = service.newDevice();
      const send = () =>
        own.send({ ...target(device), endpoint: `${counting.origin}/p` }, 'x', { ttlSeconds: 60 });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      expect(counting.connections()).toBe(2);
    } finally {
      await own.close();
    }
  });
});
