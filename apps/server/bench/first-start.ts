import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverRoot } from '../src/config.js';
import { freePort, statusMb } from './server-process.js';

export interface StartMemory {
  /**
   * Peak resident memory of the start, MB: the server process's own peak (VmHWM) or, on a
   * first start whose demo world a child process set up, the child's peak plus what the server
   * held meanwhile, whichever is higher (the machine needed both at once).
   */
  peakMb: number;
  /** The server process's own peak (VmHWM), MB. */
  serverPeakMb: number;
  /** The setup child's peak, MB, when a child set up the demo world. */
  setupPeakMb?: number;
  /** Resident memory after it has sat idle for `idleSeconds`, MB. */
  steadyMb: number;
  /** From spawn to /health/ready answering, seconds. */
  readySeconds: number;
}

export interface FirstStartResult {
  first: StartMemory;
  later: StartMemory;
  idleSeconds: number;
}

/** One start of the built server, as a newcomer runs it: no settings, embedded database. */
async function oneStart(dataDir: string, idleSeconds: number): Promise<StartMemory> {
  const port = await freePort();
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port) };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'GAME_TEST_MODE', 'LOG_LEVEL']) delete env[name];
  const child = spawn(process.execPath, [path.join(serverRoot, 'dist/main.js')], {
    env: { ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() - started > 120_000) throw new Error(`server not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const readySeconds = (Date.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const serverPeakMb = statusMb(child.pid!, 'VmHWM');
    const setup = /its peak (\d+) MB; this one (\d+) MB meanwhile/.exec(output);
    const setupPeakMb = setup ? Number(setup[1]) : undefined;
    const together = setup ? Number(setup[1]) + Number(setup[2]) : 0;
    return {
      peakMb: Math.max(serverPeakMb, together),
      serverPeakMb,
      ...(setupPeakMb !== undefined ? { setupPeakMb } : {}),
      steadyMb: statusMb(child.pid!, 'VmRSS'),
      readySeconds: Math.round(readySeconds * 10) / 10,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The memory a newcomer's machine needs: the built server on a fresh data folder (migrations
 * and the demo world included), then started again on the same folder.
 */
export async function firstStartBench(idleSeconds = 10): Promise<FirstStartResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-first-start-'));
  try {
    const first = await oneStart(dir, idleSeconds);
    const later = await oneStart(dir, idleSeconds);
    return { first, later, idleSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
