import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

export interface RunningServer {
  url: string;
  /** Moves the server's clock forward (the server runs with GAME_TEST_MODE=1). */
  advanceClock(ms: number): Promise<void>;
  /** The server's current time (its clock may be ahead of the real one). */
  now(): Promise<number>;
  /** Moves the server's clock to just after `at` (an ISO time such as a mission's ETA). */
  advancePast(at: string, marginMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Settings for journeys whose subject is the server's clock: sessions outlive its jumps, so a
 * day or a week forward does not sign the player out.
 */
export const LONG_SESSIONS: Readonly<Record<string, string>> = {
  ACCESS_TOKEN_TTL_SECONDS: String(365 * 86400),
  REFRESH_TOKEN_TTL_SECONDS: String(730 * 86400),
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built server (`npm run build` first) as its own process on a fresh embedded
 * database, serving the built SPA: the same artefact `npm start` runs.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`npm run build\` before the browser tests`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aleph-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GAME_TEST_MODE: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Links in mails lead back to this server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A bound, not a pace: a busy machine may take a while to start a server (wait on state).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const server: RunningServer = {
    url,
    async advanceClock(ms: number) {
      const res = await fetch(`${url}/__test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: ms }),
      });
      if (!res.ok) throw new Error(`clock control failed: ${res.status}`);
    },
    async now() {
      const res = await fetch(`${url}/__test/clock`);
      return new Date(((await res.json()) as { now: string }).now).getTime();
    },
    async advancePast(at: string, marginMs = 60_000) {
      const res = await fetch(`${url}/__test/clock`);
      const now = new Date(((await res.json()) as { now: string }).now).getTime();
      const ms = new Date(at).getTime() + marginMs - now;
      if (ms > 0) await server.advanceClock(ms);
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
