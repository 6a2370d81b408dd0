import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import { ownPeakMb, type SetupReport } from './demo-setup.js';
import { ensureDemoWorld } from './demo.js';

/**
 * The setup process of a first start (`demo-setup.ts`): migrates the fresh embedded database
 * in the folder it is given, creates the demo world, closes the database, reports and exits.
 */
async function setUp(pgliteDir: string) {
  // A setting the server would refuse stops the start here, before a world is made.
  loadConfig();
  const database = await openDatabase({ pgliteDir });
  await database.migrate();
  const world = await ensureDemoWorld(database.db, systemClock.now(), (line) => console.info(line));
  await database.close();
  const report: SetupReport = { world, peakMb: ownPeakMb() };
  await new Promise<void>((resolve, reject) =>
    process.send!(report, (err: Error | null) => (err ? reject(err) : resolve())),
  );
}

setUp(process.argv[2]!).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
