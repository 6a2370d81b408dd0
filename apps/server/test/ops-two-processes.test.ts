import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { startSettlementWorker } from '../src/jobs/settlement-worker.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { openTestDatabase, testConfig } from './helpers.js';
import {
  advanceClock,
  appTarget,
  Player,
  processTarget,
  sample,
  scrape,
  type Target,
} from './ops-client.js';
import {
  books,
  lanes,
  newTally,
  provision,
  runningMissions,
  startSearch,
  waitFor,
  type Crew,
} from './ops-load.js';
import { createFreshDatabase } from './ops-postgres.js';
import { startServerProcess, stopAllServerProcesses } from './ops-process.js';

/**
 * Two servers on one database, as behind a load balancer. On PostgreSQL (TEST_DATABASE_URL)
 * they are two real processes started from the sources; PGlite serves one process per folder,
 * so there the two are apps built in this process on one PGlite database, each with its own
 * clock and settlement worker. The test name says which ran.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const MODE = adminUrl
  ? 'two server processes on one PostgreSQL database'
  : 'two in-process apps on one PGlite database (PGlite is single-process; TEST_DATABASE_URL runs two processes)';
const LONG_TTL = { access: 10 * 365 * 86_400, refresh: 20 * 365 * 86_400 };
const MINUTE = 60_000;

let A: Target;
let B: Target;
let database: Database;
const cleanups: Array<() => Promise<unknown>> = [];

async function twoProcesses(url: string) {
  const fresh = await createFreshDatabase(url);
  // Run in order: this test's pool, then the processes, then the database.
  cleanups.push(
    () => stopAllServerProcesses(),
    () => fresh.drop(),
  );
  const env = {
    DATABASE_URL: fresh.url,
    LOGIN_RATE_PER_USERNAME: '3',
    ACCESS_TOKEN_TTL_SECONDS: String(LONG_TTL.access),
    REFRESH_TOKEN_TTL_SECONDS: String(LONG_TTL.refresh),
  };
  // Started together: the migrations' advisory lock lets one migrate while the other waits.
  const [a, b] = await Promise.all([startServerProcess('A', env), startServerProcess('B', env)]);
  A = processTarget('A', a.url);
  B = processTarget('B', b.url);
  database = await openDatabase({ databaseUrl: fresh.url, poolSize: 5 });
  cleanups.unshift(() => database.close());
}

async function twoApps() {
  const opened = await openTestDatabase();
  database = opened.database;
  cleanups.push(async () => {
    await database.close();
    await opened.drop();
  });
  const base = testConfig();
  const config = testConfig({
    // app.inject comes from 127.0.0.1, the load balancer here.
    trustProxy: ['127.0.0.1'],
    accessTokenTtlSeconds: LONG_TTL.access,
    refreshTokenTtlSeconds: LONG_TTL.refresh,
    rateLimits: { ...base.rateLimits, loginPerUsername: { max: 3, windowSeconds: 15 * 60 } },
  });
  const app = async (workerPhaseMs: number): Promise<FastifyInstance> => {
    const clock = new AdjustableClock();
    const built = await buildApp({ config, database, clock, accountHooks: [grantStarter] });
    await built.ready();
    // Two workers in one event loop tick in the same turn unless their phases differ, as
    // those of two processes do.
    await new Promise((r) => setTimeout(r, workerPhaseMs));
    const worker = startSettlementWorker(database.db, clock, built.log, {
      observer: built.metrics.settlement,
    });
    cleanups.unshift(async () => {
      await worker.stop();
      await built.close();
    });
    return built;
  };
  A = appTarget('A', await app(0));
  B = appTarget('B', await app(500));
}

beforeAll(async () => {
  if (adminUrl) await twoProcesses(adminUrl);
  else await twoApps();
}, 90_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch((err: unknown) => console.error(err));
}, 60_000);

async function metric(target: Target, name: string, labels?: Record<string, string>) {
  return sample((await scrape(target)).text, name, labels) ?? 0;
}

describe(`two servers, one database: ${MODE}`, () => {
  it('a session made on A works on B, and a refresh on B turns the old token into a replay on A', async () => {
    const player = await new Player().signUp(A);
    expect((await player.call(B, 'GET', '/athar/profile')).status).toBe(200);

    const stolen = new Player(player.username);
    stolen.jar.set('aleph_rt', player.jar.get('aleph_rt')!);
    const refreshed = await player.call(B, 'POST', '/abwab/refresh');
    expect(refreshed.status).toBe(200);
    expect((await player.call(A, 'GET', '/athar/profile')).status).toBe(200);

    const replay = await stolen.call(A, 'POST', '/abwab/refresh');
    expect(replay).toMatchObject({ status: 401, body: { code: 'REFRESH_REUSED' } });
    // The reuse ended the whole session, on every process.
    expect((await player.call(B, 'GET', '/athar/profile')).status).toBe(401);
    expect((await player.call(A, 'GET', '/athar/profile')).status).toBe(401);
  });

  it('login throttling counts the attempts made on both processes together', async () => {
    const player = await new Player().signUp(B);
    const throttledBefore = [
      await metric(A, 'aleph_login_throttled_total'),
      await metric(B, 'aleph_login_throttled_total'),
    ];
    const wrong = 'not the password';
    expect((await player.login(A, wrong)).status).toBe(401);
    expect((await player.login(B, wrong)).status).toBe(401);
    expect((await player.login(A, wrong)).status).toBe(401);
    // The limit is 3 failed attempts per username: the 4th, on either process, is refused.
    const fourth = await player.login(B, wrong);
    expect(fourth).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await player.login(A)).status).toBe(429);
    expect(await metric(A, 'aleph_login_throttled_total')).toBe(throttledBefore[0]! + 1);
    expect(await metric(B, 'aleph_login_throttled_total')).toBe(throttledBefore[1]! + 1);
  });

  it('both settlement workers run, and 300 missions started on both are each settled exactly once', async () => {
    const crews: Crew[] = [];
    for (let i = 0; i < 6; i++) {
      const player = await new Player().signUp(i % 2 === 0 ? A : B);
      crews.push(await provision(database.db, player, 10, 100 + i));
    }
    const settledBefore = [
      await metric(A, 'aleph_settlement_missions_settled_total'),
      await metric(B, 'aleph_settlement_missions_settled_total'),
    ];
    const work = crews.flatMap((crew) => crew.heroes.map((hero) => ({ crew, hero })));
    expect(work).toHaveLength(300);
    const tally = newTally();
    let n = 0;
    await lanes(work, 16, ({ crew, hero }) =>
      startSearch(n++ % 2 === 0 ? A : B, crew, hero, tally),
    );
    expect(Object.fromEntries(tally.statuses)).toEqual({ '200': 300 });
    expect(await runningMissions(database.db)).toBe(300);

    // Each process has its own test clock. Both move in steps over the searches' ETAs (45 to
    // 90 minutes), so missions fall due over a few seconds and both workers, ticking each
    // second, race for them as they would in production.
    const both = (ms: number) => Promise.all([advanceClock(A, ms), advanceClock(B, ms)]);
    await both(40 * MINUTE);
    for (let step = 0; step < 16; step++) {
      await both(5 * MINUTE);
      await new Promise((r) => setTimeout(r, 250));
    }
    await waitFor(
      'the workers to settle every mission',
      async () => (await runningMissions(database.db)) === 0,
    );

    const result = await books(database.db);
    expect(result).toMatchObject({ missions: 300, settled: 300, running: 0, notBookedOnce: 0 });
    expect(result.reportMismatches).toEqual([]);
    expect(result.messagesByKind.mission).toBe(300);
    expect(result.audit).toEqual([]);

    const byA = (await metric(A, 'aleph_settlement_missions_settled_total')) - settledBefore[0]!;
    const byB = (await metric(B, 'aleph_settlement_missions_settled_total')) - settledBefore[1]!;
    console.info(`[${MODE}] settled by A's worker: ${byA}, by B's worker: ${byB}`);
    expect(byA + byB).toBe(300);
    for (const target of [A, B])
      expect(await metric(target, 'aleph_settlement_batch_duration_seconds_count')).toBeGreaterThan(
        0,
      );
  });
});
