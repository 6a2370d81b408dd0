import path from 'node:path';
import { bootSettings } from './boot-settings.js';
import { isFreshPgliteFolder, setUpDemoWorldApart, wantsDemoWorld } from './seed/demo-setup.js';

/**
 * Reads the boot settings; on a newcomer's fresh embedded database, has a child process
 * migrate it and create the demo world first; then loads the config and runs the server
 * (`serve.ts`). Config and server are loaded only after the child has exited, so this process
 * holds little while the child works (docs/decisions/0007-embedded-database-memory.md).
 */
async function main() {
  const boot = bootSettings();
  const pgliteDir = path.join(boot.dataDir, 'pglite');
  const setUp =
    wantsDemoWorld(boot) && isFreshPgliteFolder(pgliteDir)
      ? await setUpDemoWorldApart(pgliteDir)
      : null;
  if (setUp) {
    console.info(
      `Demo world set up in a separate process (its peak ${setUp.peakMb} MB; this one ${setUp.serverMb} MB meanwhile).`,
    );
  }
  const [{ loadConfig }, { serve }] = await Promise.all([
    import('./config.js'),
    import('./serve.js'),
  ]);
  await serve(loadConfig(), setUp?.world ?? null);
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
