// Fails when the JavaScript the login page loads grows past its budget (docs/performance.md,
// "Web app"): 150 KB gzipped, the files of the entry and of the login screen, by the build's
// manifest, plus the prerendered page's loader. Run by `npm test` after the build.
// Usage: node scripts/check-login-budget.mjs [dist folder]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chunksOf, PRERENDERED } from './prerender.mjs';

export const LOGIN_JS_BUDGET_KB = 150;

/** The login page's JavaScript files and their gzipped sizes (level 9), in bytes. */
export function loginJs(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const login = PRERENDERED.find((page) => page.path === '/login');
  const keys = new Set([...chunksOf(manifest, 'index.html'), ...chunksOf(manifest, login.screen)]);
  const files = [...keys].map((key) => manifest[key].file);
  files.push(
    ...readdirSync(path.join(dist, 'assets'))
      .filter((name) => /^boot-.*\.js$/.test(name))
      .map((name) => `assets/${name}`),
  );
  return files.map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = loginJs(path.resolve(process.argv[2] ?? 'dist'));
  const kb = files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
  const line = `login page JavaScript: ${files.length} files, ${kb.toFixed(1)} KB gzipped (budget ${LOGIN_JS_BUDGET_KB} KB)`;
  if (kb > LOGIN_JS_BUDGET_KB) {
    for (const f of files.sort((a, b) => b.gzipBytes - a.gzipBytes))
      console.error(`  ${(f.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
    console.error(`${line}: over budget`);
    process.exit(1);
  }
  console.info(line);
}
