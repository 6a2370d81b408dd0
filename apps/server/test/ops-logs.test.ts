import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Database, Db } from '../src/db/client.js';
import { startSettlementWorker } from '../src/jobs/settlement-worker.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { isDatabaseUnavailable } from '../src/lib/error-handler.js';
import { loggerOptions, serializeError } from '../src/metrics/logging.js';
import { grantStarter } from '../src/modules/world/starter.js';
import {
  openTestDatabase,
  signedInPlayer,
  testConfig,
  TEST_EPOCH,
  type TestContext,
} from './helpers.js';
import { client, DAY, starter } from './game-helpers.js';
import { sample } from './ops-client.js';

/** The JSON log lines an operator reads, captured from the app's own logger. */
type Line = Record<string, unknown> & { level: number; msg: string };
const lines: Line[] = [];
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
const clock = new AdjustableClock({ now: () => TEST_EPOCH });
const config = testConfig();

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };
  app = await buildApp(
    { config, database, clock, accountHooks: [grantStarter] },
    { logger: { ...loggerOptions('debug'), stream } },
  );
  app.get('/abwab/__boom', async () => {
    throw new Error('boom');
  });
  app.get('/abwab/__down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
});

const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('request logs', () => {
  it('write one line per request: reqId, route, method, url, status, response time', async () => {
    const res = await app.inject({ method: 'GET', url: '/abwab/checklogin?username=someone' });
    const reqId = String(res.headers['x-request-id']);
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const own = linesOf(reqId);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      route: '/abwab/checklogin',
      method: 'GET',
      url: '/abwab/checklogin?username=someone',
      statusCode: 200,
    });
    expect(own[0]!.responseTime).toEqual(expect.any(Number));
    expect(own[0]).toHaveProperty('pid');
    expect(own[0]).toHaveProperty('time');
  });

  it('leave out the probes of load balancers and Prometheus while they succeed', async () => {
    for (const url of ['/health/live', '/health/ready', '/metrics']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(linesOf(String(res.headers['x-request-id']))).toEqual([]);
    }
  });

  it('log an unexpected error at error level with its stack, and the 500 line at warn', async () => {
    const res = await app.inject({ method: 'GET', url: '/abwab/__boom' });
    expect(res.statusCode).toBe(500);
    const own = linesOf(String(res.headers['x-request-id']));
    const error = own.find((l) => l.msg === 'unhandled error');
    expect(error?.level).toBe(50);
    const err = error?.err as { type: string; message: string; stack: string };
    expect(err).toMatchObject({ type: 'Error', message: 'boom' });
    expect(err.stack).toMatch(/Error: boom\n\s+at /);
    expect(own.find((l) => l.msg === 'request completed')).toMatchObject({
      level: 40,
      statusCode: 500,
      route: '/abwab/__boom',
    });
  });

  it('log an unreachable database as one short warning, and answer 503 in the one error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/abwab/__down' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const line = linesOf(String(res.headers['x-request-id'])).find(
      (l) => l.msg === 'database unavailable',
    );
    expect(line).toMatchObject({
      level: 40,
      db: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
    expect(line).not.toHaveProperty('err');
  });

  it('keep the request id a trusted proxy sends', async () => {
    const trusting = await buildApp({
      config: testConfig({ trustProxy: ['127.0.0.1'] }),
      database,
      clock: new AdjustableClock(),
      accountHooks: [],
    });
    const given = await trusting.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(given.headers['x-request-id']).toBe('lb-1234');
    await trusting.close();
    const untrusted = await app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(untrusted.headers['x-request-id']).not.toBe('lb-1234');
  });
});

describe('error serialisation', () => {
  it("cuts a failed query's parameters out of its message and stack, keeps the query", async () => {
    const secret = 'player-secret@example.com';
    const err = await database.db
      .execute(sql`select * from no_such_table where email = ${secret}`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const out = serializeError(err);
    expect(out.message).toContain('no_such_table');
    expect(JSON.stringify(out)).not.toContain(secret);
    expect(out.stack).toContain('(parameters not logged)');
    expect(out.cause?.message).toMatch(/no_such_table/);
  });
});

describe('database unavailable', () => {
  it('is recognised from the codes and messages of node-postgres, also as a cause', () => {
    const unavailable = [
      { code: 'ECONNREFUSED' },
      { code: '57P01' },
      { code: '57P03' },
      { code: '08006' },
      { code: '53300' },
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Failed query: rollback'), {
        cause: new Error('Client has encountered a connection error and is not queryable'),
      }),
    ];
    for (const err of unavailable) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    const cyclic: { message: string; cause?: unknown } = { message: 'loop' };
    cyclic.cause = cyclic;
    for (const err of [{ code: '23505' }, new Error('boom'), cyclic, null, undefined])
      expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('settlement worker logs', () => {
  it('write a debug line per batch, and an error with its stack when a tick fails', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const down = {
      execute: () => Promise.reject(refused),
      transaction: () => Promise.reject(refused),
    } as unknown as Db;
    const before = lines.length;
    const worker = startSettlementWorker(down, new AdjustableClock(), app.log, {
      intervalMs: 20,
      observer: app.metrics.settlement,
    });
    const failed = () =>
      lines.slice(before).find((l) => l.msg === 'settlement failed; retrying on the next tick');
    for (let i = 0; i < 100 && !failed(); i++) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(failed()).toMatchObject({ level: 50, err: { code: 'ECONNREFUSED' } });
    expect((failed()!.err as { stack: string }).stack).toContain('ECONNREFUSED');
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'aleph_settlement_failures_total')).toBeGreaterThanOrEqual(1);
  });

  it('write one debug line per batch that settled missions, none for an empty one', async () => {
    const ctx: TestContext = { app, database, clock, config, close: async () => undefined };
    const player = await signedInPlayer(ctx);
    const api = client(ctx, player.cookie);
    const { land, resident } = await starter(api);
    const body = { missionType: 'SEARCHELEMENT', landid: land.landid, heroid: resident.heroid };
    expect((await api.post('/misaar/mission/start', { ...body, elemid: 2 })).status).toBe(200);
    clock.advance(DAY);
    const worker = startSettlementWorker(database.db, clock, app.log, { intervalMs: 3_600_000 });
    const before = lines.length;
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    const batches = lines.slice(before).filter((l) => l.msg === 'settlement batch');
    expect(batches).toEqual([
      expect.objectContaining({ level: 20, settled: 1, batchSize: 500, ms: expect.any(Number) }),
    ]);
  });
});
