import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { PgErrorCode, pgErrorCode, uniqueViolationOf } from '../src/db/pg-errors.js';
import { authNonces } from '../src/db/schema.js';
import { openTestDatabase } from './helpers.js';

/** What the database really throws, through Drizzle, read by the one helper (db/pg-errors.ts). */
async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

describe('PostgreSQL error codes', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const nonce = { nonce: 'n-1', expiresAt: new Date('2030-01-01T00:00:00Z') };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.db.insert(authNonces).values(nonce);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('names the constraint of a unique violation, however Drizzle wraps it', async () => {
    const err = await caught(() => database.db.insert(authNonces).values(nonce));
    expect(pgErrorCode(err)).toBe(PgErrorCode.uniqueViolation);
    expect(uniqueViolationOf(err)).toBe('auth_nonces_pkey');
  });

  it('reads other database errors and leaves non-database errors alone', async () => {
    const err = await caught(() => database.db.execute('select * from no_such_table'));
    expect(pgErrorCode(err)).toBe('42P01');
    expect(uniqueViolationOf(err)).toBeUndefined();
    expect(pgErrorCode(new Error('boom'))).toBeUndefined();
    expect(pgErrorCode(undefined)).toBeUndefined();
  });
});
