import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverRoot } from '../src/config.js';

export interface BenchServer {
  url: string;
  pid: number;
  /** Peak resident memory (VmHWM) of the server process so far, in MB. */
  peakMemoryMb(): number;
  /** Resident memory now, in MB. */
  memoryMb(): number;
  stop(): Promise<void>;
}

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

/** A memory figure of a process from /proc (VmHWM: peak resident, VmRSS: resident now). */
export function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The bench servers' COOKIE_SECRET: sessions minted in the database sign their cookies with it. */
export const BENCH_COOKIE_SECRET = 'bench-cookie-secret-bench-cookie-secret-0123';

/** Starts the built server (`npm run build` first) as its own process, as operators run it. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: each server process writes a V8 CPU profile there when it stops
  // (docs/performance.md says how the arena's was read).
  const profile = process.env.BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const main = path.join(serverRoot, 'dist/main.js');
  const child: ChildProcess = spawn(process.execPath, [...flags, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_CLIENT: '1000000',
      LOGIN_RATE_PER_USERNAME: '1000000',
      COOKIE_SECRET: BENCH_COOKIE_SECRET,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'onchain',
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      CHAIN_ID: '1337',
      TREASURY_ADDRESS: '0x000000000000000000000000000000000000dEaD',
      PAYMENT_CONFIRMATIONS: '3',
      // What production requires (docs/operations.md); the bench reads no /metrics.
      SIWE_DOMAIN: 'game.test',
      METRICS: 'off',
      // No mail server on a bench machine: production requires SMTP_URL and PUBLIC_URL, or this.
      MAIL: 'off',
      // No push service on a bench machine: production requires the VAPID keys, or this.
      WEB_PUSH: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    peakMemoryMb() {
      return statusMb(pid, 'VmHWM');
    },
    memoryMb() {
      return statusMb(pid, 'VmRSS');
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Logs in `count` bench players over HTTP; returns their Cookie headers. */
export async function signIn(
  url: string,
  logins: readonly string[],
  password: string,
): Promise<string[]> {
  const cookies: string[] = new Array<string>(logins.length);
  let next = 0;
  // A few logins at a time: each costs an argon2 hash on the server.
  const lane = async () => {
    while (next < logins.length) {
      const i = next++;
      const login = logins[i]!;
      const res = await fetch(`${url}/abwab/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: login, password }),
      });
      if (!res.ok) throw new Error(`login ${login}: ${res.status} ${await res.text()}`);
      cookies[i] = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  return cookies;
}
