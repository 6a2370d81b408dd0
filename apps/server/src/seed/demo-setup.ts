import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BootSettings } from '../boot-settings.js';
import type { DemoWorld } from './demo.js';

/** What the setup process sends back before it exits. */
export interface SetupReport {
  world: DemoWorld;
  peakMb: number;
}

/** The embedded default is for trying the game; on PostgreSQL operators decide. */
export function wantsDemoWorld(
  config: Pick<BootSettings, 'databaseUrl' | 'testMode' | 'production'>,
): boolean {
  return !config.databaseUrl && !config.testMode && !config.production;
}

/** Peak resident memory of this process so far (Linux; 0 elsewhere), MB. */
export function ownPeakMb(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return Math.round(Number(kb ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** A data folder that holds no database yet: the newcomer's very first start. */
export function isFreshPgliteFolder(pgliteDir: string): boolean {
  return !existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/**
 * Migrates a fresh embedded database and creates the demo world in a short-lived child
 * process (`demo-setup-child.ts`), then returns what it made. Creating the world grows memory
 * that a process does not give back (WebAssembly memory, malloc arenas); a child returns all
 * of it when it exits, so the server that then opens the folder holds what any later start
 * holds (docs/decisions/0007-embedded-database-memory.md). This module imports nothing heavy:
 * the parent stays small while the child works.
 */
export async function setUpDemoWorldApart(
  pgliteDir: string,
): Promise<SetupReport & { serverMb: number }> {
  const here = fileURLToPath(import.meta.url);
  // `.js` when built, `.ts` under tsx (which the child inherits through execArgv).
  const entry = path.join(path.dirname(here), `demo-setup-child${path.extname(here)}`);
  const child = fork(entry, [pgliteDir]);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const report = await new Promise<SetupReport | null>((resolve, reject) => {
    child.once('message', (m) => resolve(m as SetupReport));
    child.once('error', reject);
    void exited.then(() => resolve(null));
  });
  const code = await exited;
  if (!report || code !== 0) throw new Error(`the demo world setup process failed (exit ${code})`);
  return { ...report, serverMb: ownPeakMb() };
}
