import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/db/client.js';
import { createFreshDatabase } from './ops-postgres.js';

/** What a test undoes in afterAll, in reverse order. */
export type Cleanups = Array<() => Promise<unknown> | void>;

/**
 * Where the processes keep their data. PostgreSQL: a fresh database, which the test may
 * read at any time. PGlite: a data folder, which only one process may hold, so the test
 * reads it only while no server runs (that is also how a restarted process reopens it).
 */
export interface Rig {
  label: string;
  env: Record<string, string>;
  withDb<T>(read: (db: Db) => Promise<T>): Promise<T>;
}

export async function postgresRig(url: string, cleanups: Cleanups): Promise<Rig> {
  const fresh = await createFreshDatabase(url);
  cleanups.push(() => fresh.drop());
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: fresh.url },
    async withDb(read) {
      const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    },
  };
}

export function pgliteRig(cleanups: Cleanups): Rig {
  const dir = mkdtempSync(path.join(tmpdir(), 'aleph-ops-kill-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return {
    label: 'PGlite data folder',
    env: { DATA_DIR: dir },
    async withDb(read) {
      const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    },
  };
}
