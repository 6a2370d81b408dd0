import { createPrivateKey, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { startPushService, type PushDevice, type PushService } from './web-push-service.js';

/**
 * The loopback push service other tests send to: it must take what web-push (the library the
 * server encrypts and signs with) sends, and refuse what a browser's push service refuses.
 */
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

const SUBJECT = 'mailto:ops@game.example';
const vapid = webPush.generateVAPIDKeys();
const other = webPush.generateVAPIDKeys();

type Details = ReturnType<typeof webPush.generateRequestDetails>;

/** web-push's own request, as its sendNotification would send it (minus https). */
function details(device: PushDevice, payload: string, options: webPush.RequestOptions = {}) {
  return webPush.generateRequestDetails(device, payload, {
    vapidDetails: { subject: SUBJECT, ...vapid },
    contentEncoding: 'aes128gcm',
    TTL: 60,
    ...options,
  });
}

async function post(
  d: Details,
  change: { headers?: Record<string, string | null>; body?: Buffer } = {},
) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(d.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  for (const [name, value] of Object.entries(change.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const res = await fetch(d.endpoint, {
    method: 'POST',
    headers,
    body: new Uint8Array(change.body ?? d.body ?? Buffer.alloc(0)),
  });
  await res.arrayBuffer();
  return res;
}

/** A JWT signed by hand with a VAPID key pair, for claims web-push refuses to make. */
function handJwt(header: object, claims: object, keys = vapid) {
  const pub = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const signed = `${part(header)}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${signed}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('a push web-push sends', () => {
  it('arrives decrypted, with its TTL, urgency, topic and JWT claims', async () => {
    const device = service.newDevice();
    expect(device.endpoint).toBe(`${service.origin}/push/${device.id}`);
    expect(Buffer.from(device.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(device.keys.auth, 'base64url')).toHaveLength(16);
    const payload = { kind: 'mission.finished', title: 'Mission done', body: 'Zayd is back.' };
    const res = await post(
      details(device, JSON.stringify(payload), { TTL: 3600, urgency: 'high', topic: 'mission-7' }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${service.origin}/message/\\d+$`));
    const [push] = service.received(device.id);
    expect(push).toMatchObject({
      deviceId: device.id,
      payload,
      text: JSON.stringify(payload),
      ttl: 3600,
      urgency: 'high',
      topic: 'mission-7',
      jwt: { aud: service.origin, sub: SUBJECT },
    });
    expect(push!.jwt.exp).toBeGreaterThan(nowSeconds());
    expect(service.requests(device.id)).toEqual([
      { deviceId: device.id, status: 201, error: null },
    ]);
  });

  it('keeps each device apart, and text that is not JSON as text', async () => {
    const a = service.newDevice();
    const b = service.newDevice();
    expect((await post(details(a, 'plain words'))).status).toBe(201);
    expect((await post(details(b, '{"n":1}'))).status).toBe(201);
    expect((await post(details(b, '{"n":2}'))).status).toBe(201);
    expect(service.received(a.id).map((p) => [p.text, p.payload])).toEqual([['plain words', null]]);
    expect(service.received(b.id).map((p) => p.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(
      service.received().filter((p) => p.deviceId === a.id || p.deviceId === b.id),
    ).toHaveLength(3);
  });

  it('waits for pushes still to come, and says how many came when they do not', async () => {
    const device = service.newDevice();
    const waiting = service.waitFor(2, device.id);
    await post(details(device, 'one'));
    await post(details(device, 'two'));
    expect((await waiting).map((p) => p.text)).toEqual(['one', 'two']);
    await expect(service.waitFor(3, device.id, 50)).rejects.toThrow(/2 of 3 pushes/);
  });

  it('answers what the test scripts, then 201 again; 410 once forgotten; 404 for no device', async () => {
    const device = service.newDevice();
    service.answer(device.id, 500, { status: 429, retryAfter: '30' });
    const first = await post(details(device, 'a'));
    expect(first.status).toBe(500);
    const second = await post(details(device, 'b'));
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('30');
    expect((await post(details(device, 'c'))).status).toBe(201);
    expect(service.received(device.id).map((p) => p.text)).toEqual(['c']);

    service.forget(device.id);
    expect((await post(details(device, 'd'))).status).toBe(410);
    expect(service.requests(device.id).map((r) => r.status)).toEqual([500, 429, 201, 410]);

    const stranger = { ...service.newDevice() };
    stranger.endpoint = `${service.origin}/push/nobody`;
    expect((await post(details(stranger, 'e'))).status).toBe(404);
    expect(service.requests('nobody')).toEqual([
      { deviceId: 'nobody', status: 404, error: 'no such subscription' },
    ]);
    expect(service.received(device.id)).toHaveLength(1);
  });
});

describe('what a push service refuses', () => {
  /** Sends `d` changed, expects `status` with a reason matching `reason`, and nothing received. */
  async function refused(
    device: PushDevice,
    d: Details,
    status: number,
    reason: RegExp,
    change: Parameters<typeof post>[1] = {},
  ) {
    const before = service.requests(device.id).length;
    const res = await post(d, change);
    expect(res.status).toBe(status);
    const [request] = service.requests(device.id).slice(before);
    expect(request?.error).toMatch(reason);
    expect(service.received(device.id)).toEqual([]);
  }

  it('a JWT signed with another key than k, or with k the device did not subscribe with', async () => {
    const device = service.newDevice();
    const d = details(device, 'x');
    // The JWT of one key pair presented with another's public key.
    const swapped = String(d.headers.Authorization).replace(vapid.publicKey, other.publicKey);
    await refused(device, d, 401, /signature/, { headers: { Authorization: swapped } });

    const local = await startPushService();
    try {
      local.expectKey(other.publicKey);
      const mine = local.newDevice();
      const res = await post(details(mine, 'x'));
      expect(res.status).toBe(401);
      expect(local.requests()[0]!.error).toMatch(/not the key the device subscribed with/);
      const theirs = await post(
        details(mine, 'y', { vapidDetails: { subject: SUBJECT, ...other } }),
      );
      expect(theirs.status).toBe(201);
      expect(local.received().map((p) => p.text)).toEqual(['y']);
    } finally {
      await local.close();
    }
  });

  it('a JWT for another audience, expired, too far ahead, not ES256, or with a bad subject', async () => {
    const device = service.newDevice();
    const d = details(device, 'x');
    const auth = (origin: string, exp?: number) =>
      webPush.getVapidHeaders(origin, SUBJECT, vapid.publicKey, vapid.privateKey, 'aes128gcm', exp)
        .Authorization;
    await refused(device, d, 401, /aud/, {
      headers: { Authorization: auth('https://fcm.googleapis.com') },
    });
    await refused(device, d, 401, /expired/, {
      headers: { Authorization: auth(service.origin, nowSeconds() - 60) },
    });
    const claims = { aud: service.origin, sub: SUBJECT };
    await refused(device, d, 401, /24 h/, {
      headers: {
        Authorization: handJwt(
          { typ: 'JWT', alg: 'ES256' },
          { ...claims, exp: nowSeconds() + 25 * 3600 },
        ),
      },
    });
    await refused(device, d, 401, /ES256/, {
      headers: {
        Authorization: handJwt(
          { typ: 'JWT', alg: 'ES384' },
          { ...claims, exp: nowSeconds() + 3600 },
        ),
      },
    });
    await refused(device, d, 401, /sub/, {
      headers: {
        Authorization: handJwt(
          { typ: 'JWT', alg: 'ES256' },
          { ...claims, sub: 'http://game.example', exp: nowSeconds() + 3600 },
        ),
      },
    });
    await refused(device, d, 401, /Authorization/, { headers: { Authorization: null } });
    // The hand-made JWT itself is good: the refusals above are each for their one claim.
    const good = await post(d, {
      headers: {
        Authorization: handJwt(
          { typ: 'JWT', alg: 'ES256' },
          { ...claims, exp: nowSeconds() + 3600 },
        ),
      },
    });
    expect(good.status).toBe(201);
  });

  it('a tampered body, a push encrypted for another device, no TTL, another encoding', async () => {
    const device = service.newDevice();
    const d = details(device, 'secret words');
    const tampered = Buffer.from(d.body);
    tampered[tampered.length - 20]! ^= 0x01;
    await refused(device, d, 400, /decryption failed/, { body: tampered });
    const elsewhere = details(service.newDevice(), 'secret words');
    await refused(device, d, 400, /decryption failed/, { body: elsewhere.body });
    await refused(device, d, 400, /TTL/, { headers: { TTL: null } });
    await refused(device, d, 400, /Content-Encoding/, {
      headers: { 'Content-Encoding': 'aesgcm' },
    });
    await refused(device, d, 400, /Urgency/, { headers: { Urgency: 'now' } });
    await refused(device, d, 413, /4096/, { body: Buffer.alloc(5000) });
    // Unchanged, the same request is taken.
    expect((await post(d)).status).toBe(201);
    expect(service.received(device.id).map((p) => p.text)).toEqual(['secret words']);
  });
});
