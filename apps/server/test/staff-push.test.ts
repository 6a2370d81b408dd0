import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PUSH_KINDS, type PlayerDetail } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { newPlayer, type Player } from './abuse-players.js';
import { SAMPLE_KEYS } from './abuse-endpoints-push.js';
import { as, lastStaffLog, staffLogCount, withRole } from './staff-helpers.js';

/**
 * The console's view of a player's web push (docs/api.md, "Operators"): `GET
 * /diwan/players/{id}` lists their devices with label, waiting deliveries and last error, never
 * the endpoint or keys, and their choices; `POST /diwan/players/{id}/push/{deviceId}/remove`
 * removes one device with a staff-log row. Players are answered 404 as for a path the server
 * does not serve.
 */
let ctx: TestContext;
let moderator: Player;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await withRole(ctx, 'moderator');
});
afterAll(() => ctx.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const reason = 'Player lost this phone';

let serial = 0;
/** Subscribes a device for `p` as their browser would; answers its id and endpoint. */
async function device(p: Player) {
  const endpoint = `https://fcm.googleapis.com/fcm/send/staff-push-${++serial}`;
  const res = await as(ctx, p, {
    method: 'POST',
    url: '/athar/push/subscriptions',
    body: { endpoint, keys: SAMPLE_KEYS },
    headers: { 'user-agent': ANDROID_CHROME },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from push_subscriptions where endpoint = ${endpoint}`,
  );
  return { id: Number(row!.id), endpoint };
}

async function detail(id: number) {
  const res = await as(ctx, moderator, { method: 'GET', url: `/diwan/players/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as PlayerDetail;
}

const remove = async (
  who: Player,
  playerId: number,
  deviceId: number,
  body: object = { reason },
) => {
  const res = await as(ctx, who, {
    method: 'POST',
    url: `/diwan/players/${playerId}/push/${deviceId}/remove`,
    body,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

const deviceCount = async (id: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from push_subscriptions where id = ${id}`,
      )
    )[0]!.n,
  );

describe("a player's notification devices in the console", () => {
  it('shows the defaults and no device for a player who never subscribed', async () => {
    const p = await newPlayer(ctx);
    expect((await detail(p.id)).push).toEqual({
      devices: [],
      kinds: [...PUSH_KINDS],
      quietHours: null,
      timeZone: 'UTC',
    });
  });

  it('shows devices with label, waiting deliveries and last error, never endpoint or keys', async () => {
    const p = await newPlayer(ctx);
    const a = await device(p);
    const b = await device(p);
    const put = await as(ctx, p, {
      method: 'PUT',
      url: '/athar/push/preferences',
      body: {
        kinds: [PUSH_KINDS[0]],
        quietHours: { start: '22:30', end: '07:00' },
        timeZone: 'Europe/Paris',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const at = (s: string) => new Date(`2026-01-01T00:00:${s}Z`);
    await ctx.database.db.execute(sql`insert into push_deliveries
        (subscription_id, payload, created_at, next_at, attempts, last_error)
      values (${a.id}, '{}', ${at('01')}, ${at('01')}, 1, 'old error'),
        (${a.id}, '{}', ${at('02')}, ${at('02')}, 2, 'HTTP 503 from the push service')`);
    await ctx.database.db.execute(
      sql`update push_subscriptions set last_success_at = ${at('03')} where id = ${b.id}`,
    );

    const res = await as(ctx, moderator, { method: 'GET', url: `/diwan/players/${p.id}` });
    expect(res.body).not.toContain(a.endpoint);
    expect(res.body).not.toContain(SAMPLE_KEYS.p256dh);
    expect(res.body).not.toContain(SAMPLE_KEYS.auth);
    const push = (res.json() as PlayerDetail).push!;
    expect(push.kinds).toEqual([PUSH_KINDS[0]]);
    expect(push.quietHours).toEqual({ start: '22:30', end: '07:00' });
    expect(push.timeZone).toBe('Europe/Paris');
    expect(push.devices).toEqual([
      {
        id: a.id,
        userAgent: 'Chrome on Android',
        createdAt: expect.any(String),
        lastSuccessAt: null,
        pending: 2,
        lastError: 'HTTP 503 from the push service',
      },
      {
        id: b.id,
        userAgent: 'Chrome on Android',
        createdAt: expect.any(String),
        lastSuccessAt: at('03').toISOString(),
        pending: 0,
        lastError: null,
      },
    ]);
  });
});

describe('staff remove a device', () => {
  it('removes it with its waiting deliveries and logs push.remove', async () => {
    const p = await newPlayer(ctx);
    const a = await device(p);
    const b = await device(p);
    await ctx.database.db.execute(sql`insert into push_deliveries
        (subscription_id, payload, created_at, next_at) values (${a.id}, '{}', now(), now())`);
    const res = await remove(moderator, p.id, a.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const log = await lastStaffLog(ctx);
    expect(res.body).toEqual({ ok: true, staffLogId: log.id });
    expect(log).toMatchObject({
      action: 'push.remove',
      actorId: moderator.id,
      targetUserId: p.id,
      reason,
      details: { deviceId: a.id, device: 'Chrome on Android' },
    });
    expect(await deviceCount(a.id)).toBe(0);
    const [left] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from push_deliveries where subscription_id = ${a.id}`,
    );
    expect(Number(left!.n)).toBe(0);
    expect((await detail(p.id)).push!.devices.map((d) => d.id)).toEqual([b.id]);
    // Removed already: nothing left to remove.
    expect((await remove(moderator, p.id, a.id)).status).toBe(404);
  });

  it("answers 404 for another player's device and changes nothing", async () => {
    const p = await newPlayer(ctx);
    const other = await newPlayer(ctx);
    const theirs = await device(other);
    const logged = await staffLogCount(ctx);
    const res = await remove(moderator, p.id, theirs.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(await deviceCount(theirs.id)).toBe(1);
    expect(await staffLogCount(ctx)).toBe(logged);
  });

  it('answers a player 404, even the device owner, and 400 naming reason without one', async () => {
    const p = await newPlayer(ctx);
    const mine = await device(p);
    const logged = await staffLogCount(ctx);
    const res = await remove(p, p.id, mine.id);
    expect(res.status).toBe(404);
    const bad = await remove(moderator, p.id, mine.id, {});
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('reason');
    expect(await deviceCount(mine.id)).toBe(1);
    expect(await staffLogCount(ctx)).toBe(logged);
  });
});
