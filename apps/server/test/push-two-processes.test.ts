import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { LISTEN_APPLICATION_NAME, type Database } from '../src/db/client.js';
import { serverRoot } from '../src/config.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { announce } from '../src/modules/messages/announce.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { openTestDatabase, testConfig } from './helpers.js';
import { advanceClock, Player, processTarget, type Target } from './ops-client.js';
import { createFreshDatabase } from './ops-postgres.js';
import { startServerProcess, stopAllServerProcesses } from './ops-process.js';
import { openSse, type SseStream } from './sse-client.js';

/**
 * Push across processes: a stream held on server A hears what another process did. On
 * PostgreSQL (TEST_DATABASE_URL) A and B are real server processes and the announcement comes
 * from the operator CLI's own process; PGlite serves one process, so there A and B are two apps
 * listening in this process on one database and the announcement is the CLI's function.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const MODE = adminUrl
  ? 'two server processes and the CLI on one PostgreSQL database'
  : 'two in-process apps on one PGlite database (TEST_DATABASE_URL runs processes)';
const LONG = {
  ACCESS_TOKEN_TTL_SECONDS: String(86_400 * 365),
  REFRESH_TOKEN_TTL_SECONDS: String(86_400 * 730),
};

let A: Target;
let B: Target;
let urlA: string;
let databaseUrl: string | undefined;
let pglite: Database | undefined;
const cleanups: Array<() => Promise<unknown>> = [];
const streams: SseStream[] = [];

beforeAll(async () => {
  if (adminUrl) {
    const fresh = await createFreshDatabase(adminUrl);
    databaseUrl = fresh.url;
    cleanups.push(
      () => stopAllServerProcesses(),
      () => fresh.drop(),
    );
    const env = { DATABASE_URL: fresh.url, ...LONG };
    const [a, b] = await Promise.all([startServerProcess('A', env), startServerProcess('B', env)]);
    A = processTarget('A', a.url);
    B = processTarget('B', b.url);
    urlA = a.url;
    return;
  }
  const opened = await openTestDatabase();
  pglite = opened.database;
  cleanups.push(async () => {
    await opened.database.close();
    await opened.drop();
  });
  const config = testConfig({
    trustProxy: ['127.0.0.1'],
    accessTokenTtlSeconds: Number(LONG.ACCESS_TOKEN_TTL_SECONDS),
    refreshTokenTtlSeconds: Number(LONG.REFRESH_TOKEN_TTL_SECONDS),
  });
  const listening = async () => {
    const app = await buildApp({
      config,
      database: opened.database,
      clock: new AdjustableClock(),
      accountHooks: [grantStarter],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.unshift(() => app.close());
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  urlA = await listening();
  A = processTarget('A', urlA);
  B = processTarget('B', await listening());
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  for (const cleanup of cleanups) await cleanup().catch((err: unknown) => console.error(err));
}, 60_000);

async function streamOn(url: string, player: Player) {
  const s = await openSse(`${url}/events`, { cookie: player.cookie });
  streams.push(s);
  expect(s.status).toBe(200);
  await s.until((b) => b.some((x) => x.id !== undefined));
  return s;
}

const named = (s: SseStream, name: string) => s.events().filter((e) => e.event === name);

async function announceElsewhere(subject: string) {
  if (!databaseUrl) {
    await announce(pglite!.db, { subject, body: 'From the operator.' }, new Date());
    return;
  }
  // The operator CLI in a process of its own, as `npm run admin -- announce` runs it.
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      'tsx',
      '--conditions=source',
      'src/cli/main.ts',
      'announce',
      '--subject',
      subject,
      '--body',
      'From the operator.',
    ],
    { cwd: serverRoot, env, timeout: 90_000 },
  );
  expect(stdout).toContain('Announcement sent');
}

describe(`push across processes: ${MODE}`, () => {
  it('an announcement made by another process reaches a stream held on A', async () => {
    const player = await new Player().signUp(A);
    const s = await streamOn(urlA, player);
    await announceElsewhere('Across processes');
    await s.until(() => named(s, 'inbox.new').length >= 1, 60_000);
    expect(named(s, 'announcement')[0]!.data).toMatchObject({ subject: 'Across processes' });
    s.close();
  }, 120_000);

  it('a mission settled by B reaches the stream on A, and logging out on B closes it', async () => {
    const player = await new Player().signUp(A);
    const s = await streamOn(urlA, player);
    const lands = (await player.call(A, 'GET', '/ard/lands')).body as Array<{ landid: number }>;
    const heroes = (await player.call(A, 'GET', '/abtal/heroes')).body as Array<{
      heroid: number;
      residenceid: number | null;
    }>;
    const land = lands[0]!;
    const hero = heroes.find((h) => h.residenceid === land.landid)!;
    const start = await player.call(A, 'POST', '/misaar/mission/start', {
      missionType: 'DAILYREWARD',
      landid: land.landid,
      heroid: hero.heroid,
    });
    expect(start.status).toBe(200);
    const { missionid, minutes } = start.body as { missionid: number; minutes: number };
    // Only B's clock passes the ETA, so B's read settles it, in B's process.
    await advanceClock(B, minutes * 60_000 + 1000);
    expect(
      ((await player.call(B, 'GET', '/athar/profile')).body as { treasury: { gold: number } })
        .treasury.gold,
    ).toBe(100);
    await s.until(() => named(s, 'mission.finished').length >= 1);
    expect(named(s, 'mission.finished')[0]!.data).toMatchObject({
      missionId: missionid,
      heroId: hero.heroid,
    });
    await s.until(() => named(s, 'inbox.new').length >= 1);

    expect((await player.call(B, 'POST', '/abwab/logout')).status).toBe(200);
    await s.ended;
  }, 60_000);

  it.runIf(adminUrl)(
    'tells streams to resync when the listening connection was lost',
    async () => {
      const player = await new Player().signUp(A);
      const s = await streamOn(urlA, player);
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
          [LISTEN_APPLICATION_NAME],
        );
        // A's and B's listeners.
        expect(killed.rowCount).toBe(2);
      } finally {
        await admin.end();
      }
      await s.until(() => named(s, 'resync').length >= 1, 20_000);
      expect(named(s, 'resync')[0]!.data).toEqual({ complete: false });
      // Listening again: events still arrive.
      await announceElsewhere('After the reconnect');
      await s.until(() => named(s, 'announcement').length >= 1, 60_000);
      s.close();
    },
    120_000,
  );
});
