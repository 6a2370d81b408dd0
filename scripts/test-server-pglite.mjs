// Runs the server suite on embedded PGlite, whatever the environment says: `npm test` runs it
// once here and once on PostgreSQL (test-server-pg.mjs). .ci/run exports TEST_DATABASE_URL for
// that second pass, and without this the first one would quietly run on PostgreSQL as well.
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
delete env.TEST_DATABASE_URL;
console.info('\n[server suite on PGlite]\n');
const result = spawnSync('npm', ['run', 'test', '-w', '@aleph/server'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
