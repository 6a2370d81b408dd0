import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createPublicClient, http, type Address } from 'viem';

/**
 * A development chain for the payment tests: Foundry's anvil, installed from the npm registry
 * (`@foundry-rs/anvil` and its platform package, which carries the binary), started on a free
 * port of 127.0.0.1 for one test file and stopped with it. It mines each transaction at once
 * (automine), like a chain whose blocks come quickly; `setAutomine(false)` holds transactions in
 * the pool until `setAutomine(true)` or `mine()`.
 */
export interface DevChain {
  url: string;
  chainId: number;
  /** Mines one block. */
  mine(): Promise<void>;
  /** Off: sent transactions wait in the pool. On: the pool is mined at once, and each new one. */
  setAutomine(on: boolean): Promise<void>;
  stop(): Promise<void>;
}

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const arch = ARCH[process.arch];
  if (!arch) throw new Error(`anvil has no build for ${process.platform}-${process.arch}`);
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  return path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** Starts a chain with id `chainId` in which each of `accounts` holds its `balance` (wei). */
export async function startDevChain(
  chainId: number,
  accounts: ReadonlyArray<{ address: Address; balance: bigint }>,
): Promise<DevChain> {
  const child = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId), '--accounts', '1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      seen += `${line}\n`;
      const listening = /Listening on (\d+\.\d+\.\d+\.\d+:\d+)/.exec(line);
      if (listening) {
        lines.removeAllListeners('line');
        child.stdout!.resume();
        resolve(`http://${listening[1]}`);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`anvil exited (${code}) before listening:\n${seen}`)),
    );
  });
  const rpc = createPublicClient({ transport: http(url) });
  const request = (method: string, params: unknown[] = []) =>
    rpc.request({ method, params } as never) as Promise<unknown>;
  for (const a of accounts)
    await request('anvil_setBalance', [a.address, `0x${a.balance.toString(16)}`]);
  return {
    url,
    chainId,
    mine: async () => {
      await request('evm_mine');
    },
    setAutomine: async (on) => {
      await request('evm_setAutomine', [on]);
      // Turning it on does not mine what waits in the pool: one block does.
      if (on) await request('evm_mine');
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
