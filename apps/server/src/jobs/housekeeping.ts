import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { purgeExpired } from '../modules/auth/sessions.js';
import { payClosedArenaWeek } from '../modules/arena/weekly.js';
import { payClosedAllianceWeek } from './alliance-weeks.js';
import { purgeOldEvents } from '../core/events.js';
import { forgetOldAddresses } from '../core/sign-ins.js';
import { purgePushQueue } from '../modules/push/purge.js';

export interface Job {
  stop(): Promise<void>;
}

/**
 * Every ten minutes deletes expired tokens, nonces and rate-limit windows, and push events past
 * their replay window and web pushes done a week ago, forgets sign-ins' raw client addresses after 30 days, and pays the
 * Arena's and the alliances' rewards of the week that closed last (once, whichever process
 * claims the week first: modules/arena/weekly.ts, jobs/alliance-weeks.ts).
 */
export function startHousekeeping(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  everyMs = 10 * 60_000,
): Job {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    const now = clock.now();
    running = Promise.all([
      purgeExpired(db, now),
      purgeOldEvents(db, now),
      payClosedArenaWeek(db, now),
      payClosedAllianceWeek(db, now),
      forgetOldAddresses(db, now),
      purgePushQueue(db, now),
    ]).then(
      () => undefined,
      (err: unknown) => log.warn({ err }, 'housekeeping failed'),
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
