// Runs the server suite a second time on the PostgreSQL that TEST_DATABASE_URL names.
// .ci/run always sets it; on a machine without PostgreSQL the pass is announced as not run.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.info(
    '\n[server suite on PostgreSQL] not run: TEST_DATABASE_URL is not set ' +
      '(example: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test). .ci/run sets it.\n',
  );
  process.exit(0);
}
console.info(`\n[server suite on PostgreSQL] ${url.replace(/:[^:@/]+@/, ':***@')}\n`);
const result = spawnSync('npm', ['run', 'test', '-w', '@aleph/server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
