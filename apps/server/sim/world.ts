import type { FastifyInstance } from 'fastify';
import { createRng } from '@aleph/rules';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { AdjustableClock } from '../src/lib/clock.js';
import { useSeedSource } from '../src/lib/seed-source.js';
import { grantStarter } from '../src/modules/world/starter.js';

/** The simulated world starts on a Monday at midnight UTC, so weeks and days are whole. */
export const SIM_EPOCH = Date.UTC(2026, 0, 5);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface SimWorld {
  app: FastifyInstance;
  database: Database;
  clock: AdjustableClock;
  /** Moves the server's clock to `at` (epoch ms); never backwards. */
  moveTo(at: number): void;
  now(): number;
  close(): Promise<void>;
}

/**
 * The real server (every route, rule, settlement and write) on a fresh in-memory embedded
 * database, with a clock the simulator moves and the server's seeds drawn from `seed`, so a
 * run replays exactly.
 */
export async function openSimWorld(seed: number): Promise<SimWorld> {
  const seeds = createRng(`sim:${seed}`);
  useSeedSource({ next: () => seeds.int(0, 2 ** 31 - 2) });
  const database = await openDatabase({});
  await database.migrate();
  const clock = new AdjustableClock({ now: () => new Date(SIM_EPOCH) });
  const base = loadConfig({
    COOKIE_SECRET: 'simulator-secret-simulator-secret-0123',
    DATA_DIR: '/nonexistent-sim-data',
    WEB_DIST: '/nonexistent-web-dist',
    LOGIN_RATE_PER_CLIENT: '100000',
    LOGIN_RATE_PER_USERNAME: '100000',
  });
  const config = {
    ...base,
    siweDomain: 'sim.test',
    rateLimits: { ...base.rateLimits, nonce: { max: 100_000, windowSeconds: 60 } },
  };
  const app = await buildApp(
    { config, database, clock, accountHooks: [grantStarter] },
    { logger: false },
  );
  await app.ready();
  let at = SIM_EPOCH;
  return {
    app,
    database,
    clock,
    now: () => at,
    moveTo(target) {
      if (target < at) throw new Error('the simulated clock never goes back');
      clock.advance(target - at);
      at = target;
    },
    close: async () => {
      await app.close();
      await database.close();
      useSeedSource(undefined);
    },
  };
}
