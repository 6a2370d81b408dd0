// Runs the built operator CLI (dist/cli/main.js, no tsx) as an operator would after a build:
// creates a world in a temporary DATA_DIR and audits its books. `npm test` runs it after the
// build, so a CLI that only works from the sources fails the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'aleph-built-cli-'));
const env = { ...process.env, DATA_DIR: dataDir };
delete env.DATABASE_URL;
delete env.COOKIE_SECRET;
try {
  for (const [args, expected] of [
    [['world', 'create'], 'World created.'],
    [['audit'], 'balanced'],
  ]) {
    const run = spawnSync('node', ['scripts/admin.mjs', ...args], {
      cwd: serverDir,
      env,
      encoding: 'utf8',
    });
    if (run.status !== 0 || !run.stdout.includes(expected)) {
      console.error(`built CLI: "admin ${args.join(' ')}" failed (exit ${run.status})`);
      console.error(run.stdout, run.stderr);
      process.exit(1);
    }
  }
  console.info('built operator CLI: world create and audit work from dist/');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
