import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * One row per continent, bumped by triggers on `lands` whenever a plot is taken, freed or
 * changes terrain or element (docs/decisions/0009-world-map.md): the map module's in-process
 * cache compares it with the version it built from, one primary-key read per request.
 */
export const mapVersions = pgTable(
  'map_versions',
  {
    continent: smallint('continent').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('map_versions_continent_range', sql`${t.continent} between 0 and 1`)],
);
