import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../src/config.js';
import {
  BENCH_COOKIE_SECRET,
  freePort,
  startBenchServer,
  statusMb,
  type BenchServer,
} from './server-process.js';

/**
 * A server process for the chat bench: the built one (`npm run build`) as the other parts
 * start it, or, when there is no build, the sources run with tsx (the same code; only its
 * start is slower and its memory a little larger, which this part does not judge). The bench
 * can so run while the tree does not build as a whole.
 */
export async function startChatServer(own: Record<string, string>): Promise<BenchServer> {
  // No mail server on a bench machine (production requires one, or MAIL=off).
  const env = { MAIL: 'off', ...own };
  if (existsSync(path.join(serverRoot, 'dist/main.js'))) return startBenchServer(env);
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: a V8 CPU profile of each server process, as startBenchServer's.
  const profile = process.env.BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', '--conditions=source', path.join(serverRoot, 'src/main.ts')],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        COOKIE_SECRET: BENCH_COOKIE_SECRET,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'onchain',
        CHAIN_RPC_URL: 'http://127.0.0.1:9',
        CHAIN_ID: '1337',
        TREASURY_ADDRESS: '0x000000000000000000000000000000000000dEaD',
        PAYMENT_CONFIRMATIONS: '3',
        SIWE_DOMAIN: 'game.test',
        METRICS: 'off',
        // No push service on a bench machine: production requires the VAPID keys, or this.
        WEB_PUSH: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    peakMemoryMb: () => statusMb(pid, 'VmHWM'),
    memoryMb: () => statusMb(pid, 'VmRSS'),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
