import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { startSettlementWorker } from '../src/jobs/settlement-worker.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, testConfig, type TestContext } from './helpers.js';
import { appTarget, sample } from './ops-client.js';
import { client, DAY, starter } from './game-helpers.js';

/** GET /metrics after some requests, a throttled login, a settlement and a workflow. */
let ctx: TestContext;
let text: string;
let contentType: string;
let landId: number;

const scrapeNow = async (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers });

beforeAll(async () => {
  const base = testConfig();
  ctx = await createTestContext({
    rateLimits: { ...base.rateLimits, loginPerUsername: { max: 2, windowSeconds: 15 * 60 } },
  });
  const player = await signedInPlayer(ctx);
  const api = client(ctx, player.cookie);
  const { land, resident } = await starter(api);
  landId = land.landid;
  await api.get(`/ard/lands/${landId}`);
  await api.get(`/ard/lands/${landId}`);
  await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
  for (let i = 0; i < 3; i++) {
    await ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      payload: { username: player.login, password: 'wrong password' },
    });
  }

  // One mission falls due and one level-up waits; the worker does both in one drain.
  const started = await api.post('/misaar/mission/start', {
    missionType: 'SEARCHELEMENT',
    landid: landId,
    heroid: resident.heroid,
    elemid: 1,
  });
  expect(started.status).toBe(200);
  const [user] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${player.login}`,
  );
  await grantToProfile(ctx.database.db, user!.id, { xp: 20_000 }, ctx.clock.now());
  expect((await api.post('/tartib/workflow/start', { wftype: 'PROFILELEVELUP' })).status).toBe(202);
  ctx.clock.advance(DAY);
  const worker = startSettlementWorker(ctx.database.db, ctx.clock, ctx.app.log, {
    intervalMs: 3_600_000,
    observer: ctx.app.metrics.settlement,
  });
  expect(await worker.drain()).toBe(1);
  await worker.stop();

  const res = await scrapeNow();
  expect(res.statusCode).toBe(200);
  text = res.body;
  contentType = String(res.headers['content-type']);
});
afterAll(() => ctx.close());

describe('GET /metrics', () => {
  it('answers the Prometheus text format, each family declared once', () => {
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const types = text.split('\n').filter((l) => l.startsWith('# TYPE '));
    expect(new Set(types).size).toBe(types.length);
  });

  it('counts HTTP requests and their latency by route pattern, method and status', () => {
    const route = { method: 'GET', route: '/ard/lands/:id' };
    expect(sample(text, 'aleph_http_requests_total', { ...route, status: '200' })).toBe(2);
    expect(sample(text, 'aleph_http_request_duration_seconds_count', route)).toBe(2);
    expect(
      sample(text, 'aleph_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBe(2);
    const login = { method: 'POST', route: '/abwab/login' };
    expect(sample(text, 'aleph_http_requests_total', { ...login, status: '401' })).toBe(2);
    expect(sample(text, 'aleph_http_requests_total', { ...login, status: '429' })).toBe(1);
    // Unknown paths share one label, and no raw URL becomes a label.
    expect(
      sample(text, 'aleph_http_requests_total', {
        method: 'GET',
        route: '<unmatched>',
        status: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain(`/ard/lands/${landId}"`);
    expect(text).not.toContain('/no/such/page');
  });

  it('counts throttled logins', () => {
    expect(sample(text, 'aleph_login_throttled_total')).toBe(1);
  });

  it('reports the settlement: missions settled, batch durations, the due backlog, workflows run', () => {
    expect(sample(text, 'aleph_settlement_missions_settled_total')).toBe(1);
    expect(sample(text, 'aleph_settlement_batch_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    // Sampled when the drain began: one mission was due, its ETA about a day minus its length ago.
    expect(sample(text, 'aleph_settlement_due_missions')).toBe(1);
    expect(sample(text, 'aleph_settlement_oldest_due_seconds')).toBeGreaterThan(20 * 3600);
    expect(sample(text, 'aleph_settlement_failures_total')).toBe(0);
    expect(sample(text, 'aleph_settlement_last_success_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(sample(text, 'aleph_workflows_run_total')).toBe(1);
  });

  it('reports the process: memory, CPU, event-loop lag', () => {
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
  });

  it(`reports the connection pool on PostgreSQL, and leaves it out on PGlite (here: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
    const pool = [
      'aleph_db_pool_total_connections',
      'aleph_db_pool_idle_connections',
      'aleph_db_pool_waiting_queries',
      'aleph_db_pool_max_connections',
    ];
    if (ctx.database.kind === 'postgres') {
      expect(sample(text, 'aleph_db_pool_total_connections')).toBeGreaterThan(0);
      expect(sample(text, 'aleph_db_pool_waiting_queries')).toBe(0);
      expect(sample(text, 'aleph_db_pool_max_connections')).toBe(30);
      expect(sample(text, 'aleph_db_connection_errors_total')).toBe(0);
    } else {
      for (const name of pool) expect(sample(text, name), name).toBeUndefined();
    }
  });

  it('runs its PostgreSQL connections without JIT compilation (OLTP statements; see db/client.ts)', async () => {
    if (ctx.database.kind !== 'postgres') return;
    // Several connections of the pool, not only the first one.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        queryRows<{ jit: string }>(ctx.database.db, sql`select current_setting('jit') as jit`),
      ),
    );
    expect(settings.map(([row]) => row?.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('is open without METRICS_TOKEN', async () => {
    expect((await scrapeNow()).statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let guarded: TestContext;
  beforeAll(async () => {
    guarded = await createTestContext({ metricsToken: token });
  });
  afterAll(() => guarded.close());

  it('answers only the bearer of the token', async () => {
    const target = appTarget('guarded', guarded.app);
    const refused = await target.send('GET', '/metrics');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    for (const authorization of [`Bearer ${token}x`, `Basic ${token}`, token, 'Bearer '])
      expect((await target.send('GET', '/metrics', { headers: { authorization } })).status).toBe(
        401,
      );
    const allowed = await target.send('GET', '/metrics', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('aleph_http_requests_total');
  });

  it('is read from the environment, and DATABASE_POOL_SIZE with it', () => {
    const env = { COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent-test-data' };
    expect(loadConfig(env)).toMatchObject({ metricsToken: undefined, databasePoolSize: 20 });
    expect(loadConfig({ ...env, METRICS_TOKEN: token, DATABASE_POOL_SIZE: '8' })).toMatchObject({
      metricsToken: token,
      databasePoolSize: 8,
    });
    expect(() => loadConfig({ ...env, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('metrics in production', () => {
  const production = {
    NODE_ENV: 'production',
    COOKIE_SECRET: 'x'.repeat(40),
    SIWE_DOMAIN: 'game.example',
    CHAIN_RPC_URL: 'https://rpc.example.org',
    CHAIN_ID: '1',
    TREASURY_ADDRESS: '0x000000000000000000000000000000000000dEaD',
    PAYMENT_CONFIRMATIONS: '3',
    // Mail and web push have their own production checks (config.test.ts); these tests are about metrics.
    MAIL: 'off',
    WEB_PUSH: 'off',
  };

  it('refuses to start with an open /metrics', () => {
    expect(() => loadConfig(production)).toThrow(
      'NODE_ENV=production requires METRICS_TOKEN (or METRICS=off to serve no /metrics)',
    );
    expect(
      loadConfig({ ...production, METRICS_TOKEN: 'metrics-token-0123456789abcdef' }),
    ).toMatchObject({ metricsEnabled: true, metricsToken: 'metrics-token-0123456789abcdef' });
  });

  it('serves no /metrics at all with METRICS=off', async () => {
    const { metricsEnabled } = loadConfig({ ...production, METRICS: 'off' });
    const off = await createTestContext({ metricsEnabled });
    try {
      const res = await off.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
  });
});
