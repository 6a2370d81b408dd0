import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseNodeEnv } from './config-checks.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const serverRoot = path.resolve(here, '..');
export const repoRoot = path.resolve(serverRoot, '../..');

/**
 * The few settings a start needs before anything else is loaded: which database, where the
 * data folder is, and the mode. `loadConfig` reads them through here too, so they are parsed
 * in one place; this module imports nothing heavy, so a first start can decide to set up its
 * world in a child process while holding little memory (docs/decisions/0007).
 */
export interface BootSettings {
  production: boolean;
  testMode: boolean;
  /** Absent: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
}

export function bootSettings(env: NodeJS.ProcessEnv = process.env): BootSettings {
  const production = parseNodeEnv(env.NODE_ENV) === 'production';
  const testMode = env.GAME_TEST_MODE === '1';
  if (production && testMode)
    throw new Error('GAME_TEST_MODE cannot be used with NODE_ENV=production');
  return {
    production,
    testMode,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
  };
}
