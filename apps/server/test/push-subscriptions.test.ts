import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PUSH_KINDS, PUSH_LIMITS, type PushDevice } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { checkEndpoint } from '../src/modules/push/subscription-check.js';
import {
  createTestContext,
  signedInPlayer,
  testConfig,
  TEST_EPOCH,
  type TestContext,
} from './helpers.js';
import { SAMPLE_KEYS } from './abuse-endpoints-push.js';

/** Web push devices and preferences (docs/api.md, "Web push"). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let serial = 0;
const endpoint = () => `https://fcm.googleapis.com/fcm/send/test-${++serial}`;
const subscription = (url = endpoint(), keys = SAMPLE_KEYS) => ({ endpoint: url, keys });

async function newPlayer(on = ctx) {
  const p = await signedInPlayer(on);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await on.app.inject({
      method,
      url,
      headers: { cookie: p.cookie, 'user-agent': ANDROID_CHROME },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  const devices = async () => {
    const res = await call('GET', '/athar/push/subscriptions');
    expect(res.status).toBe(200);
    return res.body as PushDevice[];
  };
  const subscribe = (body: object) => call('POST', '/athar/push/subscriptions', body);
  return { call, devices, subscribe };
}
type Player = Awaited<ReturnType<typeof newPlayer>>;

/** Every stored subscription: what a refusal must leave exactly as it was. */
const allRows = () =>
  queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select * from push_subscriptions order by id`,
  );

async function expectRefused(p: Player, body: object, field: string | undefined, status = 400) {
  const before = await allRows();
  const res = await p.subscribe(body);
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.body.field, JSON.stringify(res.body)).toBe(field);
  expect(await allRows()).toEqual(before);
}

describe('the key', () => {
  it('gives the VAPID public key, the same on every call, to signed-in players only', async () => {
    const p = await newPlayer();
    const first = await p.call('GET', '/athar/push/key');
    expect(first.status).toBe(200);
    const key = Buffer.from(first.body.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(first.body).toEqual({ publicKey: ctx.config.webPush.keys().publicKey });
    expect((await p.call('GET', '/athar/push/key')).body).toEqual(first.body);
    const anonymous = await ctx.app.inject({ url: '/athar/push/key' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('subscribing a device', () => {
  it('stores the browser, labels it by its User-Agent and lists it', async () => {
    const p = await newPlayer();
    const url = endpoint();
    const res = await p.subscribe({ ...subscription(url), expirationTime: null });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      createdAt: TEST_EPOCH.toISOString(),
      userAgent: 'Chrome on Android',
      lastSuccessAt: null,
    });
    expect(await p.devices()).toEqual([res.body]);
    const [row] = await queryRows<{ endpoint: string; p256dh: string; auth: string }>(
      ctx.database.db,
      sql`select endpoint, p256dh, auth from push_subscriptions where id = ${res.body.id}`,
    );
    expect(row).toEqual({ endpoint: url, ...SAMPLE_KEYS });
  });

  it('answers the same device when the same browser subscribes again, with its new keys', async () => {
    const p = await newPlayer();
    const url = endpoint();
    const first = await p.subscribe(subscription(url));
    const auth = Buffer.alloc(16, 1).toString('base64url');
    const again = await p.subscribe(subscription(url, { ...SAMPLE_KEYS, auth }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await p.devices()).toHaveLength(1);
    const [row] = await queryRows<{ auth: string }>(
      ctx.database.db,
      sql`select auth from push_subscriptions where endpoint = ${url}`,
    );
    expect(row!.auth).toBe(auth);
  });

  it('refuses a bad endpoint or bad keys with 400 naming the field, storing nothing', async () => {
    const p = await newPlayer();
    const key = (bytes: number, first = 4) =>
      Buffer.concat([Buffer.from([first]), Buffer.alloc(bytes - 1, 3)]).toString('base64url');
    const keys = (k: object) => subscription(endpoint(), { ...SAMPLE_KEYS, ...k });
    const cases: [object, string][] = [
      [subscription('http://push.example.org/send/1'), 'endpoint'],
      [subscription('ftp://push.example.org/send/1'), 'endpoint'],
      [subscription('https://10.0.0.5/send/1'), 'endpoint'],
      [subscription('https://[fd00::1]/send/1'), 'endpoint'],
      [subscription('https://user:secret@push.example.org/send/1'), 'endpoint'],
      [subscription('https://intranet/send/1'), 'endpoint'],
      [subscription('push.example.org/send/1'), 'endpoint'],
      [subscription('https://push.example.org/send/\n1'), 'endpoint'],
      [subscription('https://push.example.org/send 1'), 'endpoint'],
      [
        subscription(`https://push.example.org/${'a'.repeat(PUSH_LIMITS.endpointLength)}`),
        'endpoint',
      ],
      [{ keys: SAMPLE_KEYS }, 'endpoint'],
      [keys({ p256dh: key(64) }), 'keys.p256dh'],
      [keys({ p256dh: key(65, 2) }), 'keys.p256dh'],
      // 65 bytes in the right form, but no point of the curve: every push to it would fail.
      [keys({ p256dh: key(65, 4) }), 'keys.p256dh'],
      [keys({ p256dh: `${SAMPLE_KEYS.p256dh.slice(0, -2)}+/` }), 'keys.p256dh'],
      [keys({ auth: key(15) }), 'keys.auth'],
      [keys({ auth: key(17) }), 'keys.auth'],
      [keys({ auth: 'not base64!' }), 'keys.auth'],
      [{ endpoint: endpoint() }, 'keys'],
      [{ endpoint: endpoint(), keys: { p256dh: SAMPLE_KEYS.p256dh } }, 'keys'],
      [{ ...subscription(), expirationTime: 'tomorrow' }, 'expirationTime'],
    ];
    for (const [body, field] of cases) await expectRefused(p, body, field);
    expect(await p.devices()).toEqual([]);
  });

  it('takes padded keys and a loopback push service in test mode', async () => {
    const p = await newPlayer();
    const padded = { p256dh: `${SAMPLE_KEYS.p256dh}=`, auth: `${SAMPLE_KEYS.auth}==` };
    const res = await p.subscribe(subscription('http://127.0.0.1:9/push/1', padded));
    expect(res.status).toBe(201);
    // Outside development and test mode the loopback is refused like any address of ours.
    for (const url of ['http://127.0.0.1:9/push/1', 'https://localhost/push', 'http://[::1]/p'])
      expect(() => checkEndpoint(url, false), url).toThrow(/https address of a push service/);
    expect(checkEndpoint('https://web.push.apple.com/QGx', false)).toBe(
      'https://web.push.apple.com/QGx',
    );
  });

  it(`keeps at most ${PUSH_LIMITS.devices} devices a player, even when they subscribe at once`, async () => {
    const p = await newPlayer();
    const urls = Array.from({ length: PUSH_LIMITS.devices + 3 }, () => endpoint());
    const answers = await Promise.all(urls.map((url) => p.subscribe(subscription(url))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(PUSH_LIMITS.devices);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const refusal = answers.find((a) => a.status === 409)!;
    expect(refusal.body).toMatchObject({ code: 'PUSH_DEVICES_FULL' });
    const devices = await p.devices();
    expect(devices).toHaveLength(PUSH_LIMITS.devices);
    // At the limit the same browser may still renew its keys; one removal makes room.
    const kept = answers.findIndex((a) => a.status === 201);
    expect((await p.subscribe(subscription(urls[kept]))).status).toBe(200);
    const refused = urls[answers.findIndex((a) => a.status === 409)]!;
    await expectRefused(p, subscription(refused), undefined, 409);
    expect((await p.call('DELETE', `/athar/push/subscriptions/${devices[0]!.id}`)).status).toBe(
      204,
    );
    expect((await p.subscribe(subscription(refused))).status).toBe(201);
  });

  it('moves a browser to the account that subscribes it last', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const url = endpoint();
    const mine = await a.subscribe(subscription(url));
    const moved = await b.subscribe(subscription(url));
    expect(moved.status).toBe(201);
    expect(await a.devices()).toEqual([]);
    expect(await b.devices()).toEqual([moved.body]);
    expect(moved.body.id).toBe(mine.body.id);
    // Two accounts taking the same browser at once: it ends with exactly one of them.
    const fresh = endpoint();
    const both = await Promise.all([
      a.subscribe(subscription(fresh)),
      b.subscribe(subscription(fresh)),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const owners = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from push_subscriptions where endpoint = ${fresh}`,
    );
    expect(Number(owners[0]!.n)).toBe(1);
    const lists = [...(await a.devices()), ...(await b.devices())].map((d) => d.id);
    expect(lists.filter((id) => both.some((r) => r.body.id === id))).toHaveLength(1);
  });

  it('does not move a browser to an account that has no room', async () => {
    const [a, full] = [await newPlayer(), await newPlayer()];
    for (let i = 0; i < PUSH_LIMITS.devices; i++)
      expect((await full.subscribe(subscription())).status).toBe(201);
    const url = endpoint();
    const mine = await a.subscribe(subscription(url));
    await expectRefused(full, subscription(url), undefined, 409);
    expect(await a.devices()).toEqual([mine.body]);
  });
});

describe('turning a device off', () => {
  it('removes the player’s own device; another’s, an unknown or a bad id is refused', async () => {
    const [a, b] = [await newPlayer(), await newPlayer()];
    const kept = (await a.subscribe(subscription())).body as PushDevice;
    const gone = (await a.subscribe(subscription())).body as PushDevice;
    const before = await allRows();
    const others = await b.call('DELETE', `/athar/push/subscriptions/${kept.id}`);
    expect(others.status).toBe(404);
    expect(others.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await b.call('DELETE', '/athar/push/subscriptions/2147483647')).status).toBe(404);
    const bad = await a.call('DELETE', '/athar/push/subscriptions/abc');
    expect(bad).toMatchObject({ status: 400, body: { field: 'id' } });
    expect(await allRows()).toEqual(before);
    expect((await a.call('DELETE', `/athar/push/subscriptions/${gone.id}`)).status).toBe(204);
    expect(await a.devices()).toEqual([kept]);
    expect((await a.call('DELETE', `/athar/push/subscriptions/${gone.id}`)).status).toBe(404);
  });
});

describe('preferences', () => {
  const defaults = { kinds: [...PUSH_KINDS], quietHours: null, timeZone: 'UTC' };

  it('start with every kind, no quiet hours, UTC, and keep what the player saves', async () => {
    const p = await newPlayer();
    expect((await p.call('GET', '/athar/push/preferences')).body).toEqual(defaults);
    const wanted = {
      kinds: ['bazaar.sold', 'mission.finished', 'arena.attacked'],
      quietHours: { start: '22:30', end: '07:00' },
      timeZone: 'Europe/Paris',
    };
    const saved = await p.call('PUT', '/athar/push/preferences', wanted);
    expect(saved.status).toBe(200);
    // Kinds come back in the catalogue's order.
    const expected = { ...wanted, kinds: ['mission.finished', 'arena.attacked', 'bazaar.sold'] };
    expect(saved.body).toEqual(expected);
    expect((await p.call('GET', '/athar/push/preferences')).body).toEqual(expected);
    const [row] = await queryRows<{ quiet_start: number; quiet_end: number }>(
      ctx.database.db,
      sql`select quiet_start, quiet_end from push_preferences where time_zone = 'Europe/Paris'`,
    );
    expect(row).toEqual({ quiet_start: 22 * 60 + 30, quiet_end: 7 * 60 });
    const none = { kinds: [], quietHours: null, timeZone: 'America/Argentina/Buenos_Aires' };
    expect((await p.call('PUT', '/athar/push/preferences', none)).body).toEqual(none);
    // Another player's choices are their own.
    expect((await (await newPlayer()).call('GET', '/athar/push/preferences')).body).toEqual(
      defaults,
    );
  });

  it('refuses unknown kinds, bad times and unknown time zones with 400 naming the field', async () => {
    const p = await newPlayer();
    const saved = { kinds: ['message.new'], quietHours: null, timeZone: 'Asia/Tokyo' };
    expect((await p.call('PUT', '/athar/push/preferences', saved)).status).toBe(200);
    const cases: [object, string][] = [
      [{ ...saved, kinds: ['mission.started'] }, 'kinds'],
      [{ ...saved, kinds: ['message.new', 'message.new'] }, 'kinds'],
      [{ ...saved, kinds: 'message.new' }, 'kinds'],
      [{ ...saved, quietHours: { start: '24:00', end: '07:00' } }, 'quietHours'],
      [{ ...saved, quietHours: { start: '7:00', end: '08:00' } }, 'quietHours'],
      [{ ...saved, quietHours: { start: '22:00' } }, 'quietHours'],
      [{ ...saved, quietHours: { start: '22:00', end: '22:00' } }, 'quietHours'],
      [{ ...saved, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ ...saved, timeZone: '+02:00' }, 'timeZone'],
      [{ ...saved, timeZone: '' }, 'timeZone'],
      [{ kinds: [], quietHours: null }, 'timeZone'],
    ];
    for (const [body, field] of cases) {
      const res = await p.call('PUT', '/athar/push/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect((await p.call('GET', '/athar/push/preferences')).body).toEqual(saved);
    }
  });
});

describe('with WEB_PUSH=off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ webPush: { ...testConfig().webPush, enabled: false } });
  });
  afterAll(() => off.close());

  it('has no key and subscribes nothing, but still lists, removes and keeps preferences', async () => {
    const p = await newPlayer(off);
    for (const res of [await p.call('GET', '/athar/push/key'), await p.subscribe(subscription())]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'WEB_PUSH_OFF' });
    }
    expect(await p.devices()).toEqual([]);
    expect((await p.call('DELETE', '/athar/push/subscriptions/1')).status).toBe(404);
    const prefs = { kinds: ['bazaar.bought'], quietHours: null, timeZone: 'UTC' };
    expect((await p.call('PUT', '/athar/push/preferences', prefs)).body).toEqual(prefs);
  });
});
