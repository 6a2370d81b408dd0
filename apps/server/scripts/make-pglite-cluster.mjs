// Writes pglite/empty-cluster.tar.gz: the data folder that PGlite's own initdb makes, so that a
// first start (and every test database) copies it instead of running initdb, which costs about
// four seconds and holds two database instances in memory at once (docs/decisions/0007).
// Run it again after changing the PGlite version: `npm run db:cluster -w @aleph/server`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.join(here, '..', 'pglite', 'empty-cluster.tar.gz');
const pg = new PGlite();
await pg.waitReady;
const { rows } = await pg.query('select version() as version');
const dump = await pg.dumpDataDir('gzip');
await pg.close();
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
console.info(`${target}: ${rows[0].version}`);
