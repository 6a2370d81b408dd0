import pg from 'pg';

/**
 * Creates the PostgreSQL database of `url` when it does not exist yet, so a bench part with
 * its own database (arena, map, records, trader) runs on a fresh machine without set-up.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database ${name.replace(/[^a-z0-9_]/g, '')}`);
  await client.end();
}
