// Writes docs/openapi.json, the API reference made from the routes' schemas (docs/api.md).
// With --check it writes nothing and fails when the committed file differs from what the code
// makes now, as db:check does for migrations: `npm test` runs it.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig, repoRoot } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { systemClock } from '../src/lib/clock.js';

const OUT = path.join(repoRoot, 'docs/openapi.json');
const check = process.argv.includes('--check');

/**
 * The document, from the app as `buildApp` makes it on a fixed development configuration
 * (whatever this shell's environment says) and an in-memory database: the routes register as
 * they do for players, and the test-only ones are not registered.
 */
async function generate(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'development',
    API_DOCS: 'on',
    COOKIE_SECRET: 'openapi-generator-secret-not-used-for-anything',
    DATA_DIR: path.join(tmpdir(), 'aleph-openapi-unused'),
    WEB_DIST: path.join(tmpdir(), 'aleph-openapi-no-web-build'),
  });
  const database = await openDatabase({});
  try {
    await database.migrate();
    const app = await buildApp({ config, database, clock: systemClock, accountHooks: [] });
    try {
      await app.ready();
      return `${JSON.stringify(app.swagger(), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const text = await generate();
const relative = path.relative(repoRoot, OUT);
if (check) {
  let committed = '';
  try {
    committed = readFileSync(OUT, 'utf8');
  } catch {
    // A missing file is a stale one.
  }
  if (committed !== text) {
    console.error(
      `${relative} does not match the routes' schemas. Run \`npm run openapi -w @aleph/server\` and commit it.`,
    );
    process.exit(1);
  }
  console.info(`${relative} matches the routes' schemas.`);
} else {
  writeFileSync(OUT, text);
  console.info(`Wrote ${relative}.`);
}
