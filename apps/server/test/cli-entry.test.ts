import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'aleph-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The real entry point in a child process, on PGlite in a temporary DATA_DIR. */
async function admin(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.COOKIE_SECRET;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'npx',
      ['tsx', '--conditions=source', 'src/cli/main.ts', ...args],
      { cwd: serverDir, env, timeout: 90_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('npm run admin (src/cli/main.ts)', () => {
  it(
    'creates the world, then lists its players, as separate processes',
    { timeout: 120_000 },
    async () => {
      const created = await admin('world', 'create');
      expect(created.stdout).toContain('World created.');
      expect(created.code).toBe(0);
      const made = await admin('users', 'create', 'operator_made', '--email', 'op@example.com');
      expect(made.code).toBe(0);
      const list = await admin('users', 'list');
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/^id\s+login\s+level\s+XP/);
      // The starter grant: one land, three heroes.
      expect(list.stdout).toMatch(/operator_made\s+0\s+0\s+0\s+0\s+1\s+3\s/);
      expect(list.stdout).toContain('1 player.');
      const refused = await admin('grant', 'gold', 'nobody', '10');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('error: No player has the login "nobody".');
    },
  );
});
