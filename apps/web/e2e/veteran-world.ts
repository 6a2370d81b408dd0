import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { launchBrowser } from './browser.js';
import type { Player } from './player.js';
import { repoRoot, startServer, type RunningServer } from './server.js';

/** A demo world made by the operator CLI, its server, a browser, and the veteran's account. */
export interface VeteranWorld {
  server: RunningServer;
  browser: Browser;
  veteran: Player;
  stop(): Promise<void>;
}

/**
 * Creates the demo world with `npm run admin -- demo` in a fresh data folder (level-ten
 * opponents, the veteran's developed kingdom), reads the veteran's password from the banner and
 * starts the built server on it. `env` adds server settings (e.g. LONG_SESSIONS).
 */
export async function startVeteranWorld(
  name: string,
  env: Record<string, string> = {},
): Promise<VeteranWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `aleph-e2e-${name}-`));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/cli/main.js'), 'demo'],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  const password = /Veteran account: veteran \/ (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`no veteran password in:\n${stdout}`);
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  const browser = await launchBrowser();
  // The veteran logs in with a password: the wallet is only the page's.
  const veteran = {
    login: 'veteran',
    password,
    account: privateKeyToAccount(generatePrivateKey()),
  };
  return {
    server,
    browser,
    veteran,
    async stop() {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
