import path from 'node:path';
import { loadConfig } from './config.js';
import { isFreshPgliteFolder, setUpDemoWorldApart, wantsDemoWorld } from './demo-setup.js';

/**
 * Reads config; on a newcomer's fresh embedded database, has a child process migrate it and
 * create the demo world first; then loads and runs the server (`serve.ts`). The server's
 * modules are loaded only after the child has exited, so the two processes' memory does not
 * add up (docs/decisions/0007-embedded-database-memory.md).
 */
async function main() {
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const setUp =
    wantsDemoWorld(config) && isFreshPgliteFolder(pgliteDir)
      ? await setUpDemoWorldApart(pgliteDir)
      : null;
  if (setUp) {
    console.info(
      `Demo world set up in a separate process (its peak ${setUp.peakMb} MB; this one ${setUp.serverMb} MB meanwhile).`,
    );
  }
  const { serve } = await import('./serve.js');
  await serve(config, setUp?.world ?? null);
}

main().catch((err: unknown) => {
  // The message, and what caused it (a failed query's own database error is its cause).
  const lines: string[] = [];
  for (let e: unknown = err; e !== undefined && lines.length < 5;) {
    lines.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  console.error(lines.join('\ncaused by: '));
  process.exit(1);
});
