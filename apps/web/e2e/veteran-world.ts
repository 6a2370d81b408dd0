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
  /** The demo account (a player of level one, on this week's boards). */
  demo: Player;
  /** The demo world's admin of the operators' console. */
  operator: Player;
  stop(): Promise<void>;
}

/** A banner's account as a Player who logs in with a password (the wallet is only the page's). */
function bannerAccount(stdout: string, label: string, login: string): Player {
  const password = new RegExp(`${label} account: ${login} / (\\S+)`).exec(stdout)?.[1];
  if (!password) throw new Error(`no ${login} password in:\n${stdout}`);
  return { login, password, account: privateKeyToAccount(generatePrivateKey()) };
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
  const veteran = bannerAccount(stdout, 'Veteran', 'veteran');
  const demo = bannerAccount(stdout, 'Demo', 'demo');
  const operator = bannerAccount(stdout, 'Operator', 'operator');
  const server = await startServer({ DATA_DIR: dataDir, ...env });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    veteran,
    demo,
    operator,
    async stop() {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
