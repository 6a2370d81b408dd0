import path from 'node:path';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { AdjustableClock, systemClock } from './lib/clock.js';
import { startHousekeeping, type Job } from './jobs/housekeeping.js';
import { startMailWorker } from './jobs/mail-worker.js';
import { startPushWorker } from './jobs/push-worker.js';
import { createPushSender } from './modules/push/sender.js';
import { createMailer } from './lib/mailer.js';
import { startSettlementWorker } from './jobs/settlement-worker.js';
import { loggerOptions } from './metrics/logging.js';
import { demoBanner, ensureDemoWorld, type DemoWorld } from './seed/demo.js';
import { grantStarter } from './modules/world/starter.js';
import { wantsDemoWorld } from './seed/demo-setup.js';

/**
 * Migrates, creates the demo world where the embedded default wants one (unless `setUpWorld`,
 * made by a setup process, is given), starts the background jobs, listens, and shuts down
 * cleanly.
 */
export async function serve(config: AppConfig, setUpWorld: DemoWorld | null): Promise<void> {
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.databasePoolSize,
    });
  // The embedded default is for trying the game: a newcomer should find a living world.
  // On PostgreSQL operators decide (`npm run admin -- demo`).
  const wantsDemo = wantsDemoWorld(config);
  let database = await open();
  await database.migrate();
  const clock = config.testMode ? new AdjustableClock() : systemClock;
  const demo = wantsDemo
    ? (setUpWorld ??
      (await ensureDemoWorld(database.db, clock.now(), (line) => console.info(line))))
    : null;
  if (!setUpWorld && demo?.created && database.kind === 'pglite') {
    // Creating the world grew the embedded database's memory, which WebAssembly never gives
    // back; the same folder opened afresh starts small (docs/decisions/0007).
    await database.close();
    database = await open();
  }
  const app = await buildApp(
    { config, database, clock, accountHooks: [grantStarter] },
    { logger: loggerOptions(config.logLevel) },
  );
  // Logged as JSON before the process ends: an error nothing caught is a bug, and a process
  // left running after one may hold broken state; the supervisor starts a fresh one.
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception; exiting');
    process.exit(1);
  });
  const jobs: Job[] = [
    startSettlementWorker(database.db, clock, app.log, {
      observer: app.metrics.settlement,
      ...(database.kind === 'pglite' ? { lanes: 1 } : {}),
    }),
    startHousekeeping(database.db, clock, app.log),
  ];
  // Queued mail is sent by every process's worker, each mail once (docs/operations.md, "Mail").
  if (config.mail.enabled) {
    const mailer = createMailer(config.mail, app.log);
    jobs.push(startMailWorker(database.db, clock, mailer, app.log, { observer: app.metrics.mail }));
  }

  // Web pushes are sent by every process's worker, each once per device (docs/operations.md,
  // "Web push").
  if (config.webPush.enabled) {
    const sender = createPushSender({ ...config.webPush.keys(), subject: config.webPush.subject });
    const worker = startPushWorker(database.db, clock, sender, app.log, {
      observer: app.metrics.push,
    });
    jobs.push({ stop: () => worker.stop().then(() => sender.close()) });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    for (const job of jobs) await job.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.info(
    `Lands of Aleph is running at http://${shown}:${config.port} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  // The password only on the start that created it; later, how to get a new one.
  if (demo) console.info(demoBanner(demo));
}
