import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ops-process.js';

/** A fresh, empty database on the server TEST_DATABASE_URL names (as openTestDatabase makes). */
export async function createFreshDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ops_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export function postgresBinariesFound(): boolean {
  return existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'));
}

/** A PostgreSQL cluster of its own in a temporary folder, which a test may stop and start. */
export interface ThrowawayCluster {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

/**
 * initdb refuses to run as root: then the folder belongs to the `postgres` user and the
 * PostgreSQL commands run as that user through runuser.
 */
export function createThrowawayCluster(port: number): ThrowawayCluster {
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'aleph-ops-pg-'));
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = path.join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const bin = path.join(PG_BIN, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  let started = false;
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        '-w',
        'start',
      ]);
      started = true;
    },
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      started = false;
    },
    destroy() {
      try {
        if (started) cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const cluster = createThrowawayCluster(await freePort());
  cluster.start();
  return cluster;
}
