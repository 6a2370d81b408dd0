// `npm run admin -- <command>`: runs the operator CLI as built with the server (dist/), so a
// production install (`npm ci --omit=dev`, then `npm run build`) has it without development
// tools. `npm run admin:dev` runs the same CLI from the sources through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(serverDir, 'dist', 'cli', 'main.js');

if (!existsSync(built)) {
  console.error(
    'The operator CLI is built with the server and is not built yet: run `npm run build` ' +
      '(or `npm start`, which builds) first, or `npm run admin:dev -w @aleph/server -- <command>` ' +
      'from the sources.',
  );
  process.exit(1);
}

/** The newest modification time of the server's sources, to tell when dist/ is older. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}
const sources = path.join(serverDir, 'src');
if (existsSync(sources) && newestSource(sources) > statSync(built).mtimeMs) {
  console.error(
    'Note: the server sources changed after the last build; this runs the built CLI. ' +
      'Run `npm run build` to include the changes.',
  );
}

await import(pathToFileURL(built).href);
