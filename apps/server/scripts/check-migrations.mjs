// Fails when src/db/schema.ts has changes that no committed migration contains.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const tmp = mkdtempSync(path.join(tmpdir(), 'migrations-'));
try {
  cpSync('drizzle', tmp, { recursive: true });
  const before = readdirSync(tmp).filter((f) => f.endsWith('.sql')).length;
  const run = spawnSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema.ts',
      '--out',
      tmp,
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    process.exit(1);
  }
  const after = readdirSync(tmp).filter((f) => f.endsWith('.sql')).length;
  if (after !== before) {
    console.error(
      'Migrations drift: the schema has changes without a migration. Run `npm run db:generate -w @aleph/server`.',
    );
    process.exit(1);
  }
  console.info('Migrations match the schema.');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
