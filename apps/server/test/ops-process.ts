import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, serverRoot } from '../src/config.js';
import { TEST_DOMAIN } from './helpers.js';

/**
 * A real server process, started from the sources with tsx (`npm test` runs the server suite
 * before the build), exactly as `main.ts` runs in production: its own pool, workers and clock.
 */
export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** What the process wrote (JSON log lines and the start banner): the last 100,000 characters or more. */
  output(): string;
  /** Its error and fatal log lines (level 50 and 60), all of them up to the last 500: a flood of request lines cannot push these out. */
  errorLines(): string[];
  alive(): boolean;
  /** SIGKILL: no drain, no cleanup, as a crashed machine. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

const mainTs = path.join(serverRoot, 'src/main.ts');
const running = new Set<ServerProcess>();

export async function freePort(): Promise<number> {
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

/** The environment every test process shares; `env` adds to it or overrides it. */
export function processEnv(env: Record<string, string>): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    GAME_TEST_MODE: '1',
    LOG_LEVEL: 'warn',
    // Every process behind one load balancer must sign cookies with the same secret.
    COOKIE_SECRET: 'ops-test-secret-ops-test-secret-0123456789',
    SIWE_DOMAIN: TEST_DOMAIN,
    // Players are told apart by X-Forwarded-For, as behind a load balancer.
    TRUST_PROXY: '127.0.0.1,::1',
    LOGIN_RATE_PER_CLIENT: '1000',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  };
}

export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  readyTimeoutMs = 45_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'aleph-ops-data-'));
  const ownDataDir = env.DATA_DIR === undefined;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', mainTs],
    {
      cwd: repoRoot,
      env: { ...process.env, ...processEnv({ DATA_DIR: dataDir, ...env }), PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const errorLines: string[] = [];
  const keep = () => {
    let partial = '';
    return (d: Buffer) => {
      const text = d.toString();
      output += text;
      // Enough to explain a failure; a long run must not grow without bound.
      if (output.length > 200_000) output = output.slice(-100_000);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!/"level":(50|60)[,}]/.test(line)) continue;
        errorLines.push(line);
        if (errorLines.length > 500) errorLines.shift();
      }
    };
  };
  child.stdout?.on('data', keep());
  child.stderr?.on('data', keep());
  const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    name,
    url,
    pid: child.pid ?? -1,
    output: () => output,
    errorLines: () => [...errorLines],
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill9() {
      if (server.alive()) child.kill('SIGKILL');
      await exited;
      running.delete(server);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async stop(graceMs = 15_000) {
      if (server.alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      running.delete(server);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  running.add(server);
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!server.alive()) {
      running.delete(server);
      throw new Error(`server ${name} exited before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`server ${name} was not ready after ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/** For afterAll: every process a test started and did not stop, even after a failure. */
export async function stopAllServerProcesses(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop(5_000)));
}
