import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows for a set-based write travel as one JSON parameter, unpacked by `jsonb_to_recordset`:
 * one statement for any number of rows, and the same statement on PostgreSQL and PGlite.
 */
export const jsonRows = (list: readonly object[]): SQL => sql`${JSON.stringify(list)}::jsonb`;
