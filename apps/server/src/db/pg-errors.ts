/**
 * PostgreSQL error codes the server acts on, and the one way to read them: node-postgres and
 * PGlite put `code` on the error, Drizzle wraps it as the `cause` of its own query error.
 */
export const PgErrorCode = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  lockNotAvailable: '55P03',
} as const;
export type PgErrorCode = (typeof PgErrorCode)[keyof typeof PgErrorCode];

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The error in `err`'s cause chain that carries a SQLSTATE code (five characters), if any. */
function pgErrorOf(err: unknown): PgErrorFields | undefined {
  let e = err as PgErrorFields | undefined;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as PgErrorFields | undefined;
  }
  return undefined;
}

/** The SQLSTATE of a database error, however wrapped; undefined for anything else. */
export function pgErrorCode(err: unknown): string | undefined {
  return pgErrorOf(err)?.code as string | undefined;
}

/** The constraint a unique violation (23505) hit ('' when unnamed); undefined for other errors. */
export function uniqueViolationOf(err: unknown): string | undefined {
  const pg = pgErrorOf(err);
  if (pg?.code !== PgErrorCode.uniqueViolation) return undefined;
  return typeof pg.constraint === 'string' ? pg.constraint : '';
}
