import path from 'node:path';
import { loadConfig } from '../config.js';
import { DatabaseInUseError, openDatabase, type Database } from '../db/client.js';
import { CliError } from './command.js';

export interface CliDatabaseConfig {
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * The database the server uses, from the same settings. The CLI signs no cookies, so a
 * missing COOKIE_SECRET (required by the server in production) must not stop it.
 */
export function cliDatabaseConfig(env: NodeJS.ProcessEnv): CliDatabaseConfig {
  const config = loadConfig({
    ...env,
    COOKIE_SECRET: env.COOKIE_SECRET || 'the-cli-signs-no-cookies-'.repeat(2),
  });
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
}

export async function openCliDatabase(config: CliDatabaseConfig): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  try {
    return await openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite') });
  } catch (err) {
    if (err instanceof DatabaseInUseError) throw new CliError(err.message);
    throw err;
  }
}
