import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { purgeExpired } from '../modules/auth/sessions.js';

export interface Job {
  stop(): Promise<void>;
}

/** Deletes expired tokens, nonces and rate-limit windows every ten minutes. */
export function startHousekeeping(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  everyMs = 10 * 60_000,
): Job {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = purgeExpired(db, clock.now()).catch((err: unknown) =>
      log.warn({ err }, 'housekeeping failed'),
    );
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
