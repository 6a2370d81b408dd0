import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.js';
import {
  extractCluster,
  readClusterBundle,
  readTar,
  seedPgliteFolder,
} from '../src/db/pglite-cluster.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cluster-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the shipped empty PGlite cluster', () => {
  it('is there, and is the major version the installed PGlite runs', async () => {
    const bundle = readClusterBundle();
    expect(bundle, 'pglite/empty-cluster.tar.gz is missing').not.toBeNull();
    const entries = readTar(gunzipSync(bundle!));
    const version = entries.find((e) => e.name === '/PG_VERSION');
    expect(version).toBeDefined();
    // An in-memory database is loaded from the bundle: a bundle of another major would fail here.
    const database = await openDatabase({});
    const [row] = await queryRows<{ v: string }>(
      database.db,
      sql`select current_setting('server_version_num') as v`,
    );
    await database.close();
    expect(Buffer.from(version!.data).toString('utf8').trim()).toBe(
      String(Math.floor(Number(row!.v) / 10_000)),
    );
  });

  it('fills a new folder, which then opens, migrates and keeps its data across restarts', async () => {
    const dir = path.join(tempDir(), 'pglite');
    expect(seedPgliteFolder(dir)).toBe(true);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    // The instance that made the bundle wrote a pid file; a copy must not carry it.
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);

    const first = await openDatabase({ pgliteDir: dir });
    await first.migrate();
    await first.db.execute(sql`create table kept (v int)`);
    await first.db.execute(sql`insert into kept values (42)`);
    await first.close();

    // A folder that holds a database is never seeded again.
    expect(seedPgliteFolder(dir)).toBe(false);
    const second = await openDatabase({ pgliteDir: dir });
    const rows = await queryRows<{ v: number }>(second.db, sql`select v from kept`);
    await second.close();
    expect(rows).toEqual([{ v: 42 }]);
  });

  it('leaves a non-empty folder that is not a database alone', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    expect(seedPgliteFolder(dir)).toBe(false);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('reads folders and files of a ustar archive, and writes nothing outside the target', () => {
    const header = (name: string, type: string, size: number) => {
      const block = Buffer.alloc(512);
      block.write(name, 0, 'utf8');
      block.write(size.toString(8).padStart(11, '0'), 124, 'utf8');
      block.write(type, 156, 'utf8');
      block.write('ustar', 257, 'utf8');
      return block;
    };
    const body = (text: string) => {
      const block = Buffer.alloc(Math.ceil(text.length / 512) * 512);
      block.write(text, 0, 'utf8');
      return block;
    };
    const archive = Buffer.concat([
      header('/base', '5', 0),
      header('/base/file', '0', 5),
      body('hello'),
      header('/../escape', '0', 3),
      body('bad'),
      Buffer.alloc(1024),
    ]);
    const entries = readTar(archive);
    expect(entries.map((e) => [e.name, e.kind])).toEqual([
      ['/base', 'dir'],
      ['/base/file', 'file'],
      ['/../escape', 'file'],
    ]);
    expect(Buffer.from(entries[1]!.data).toString()).toBe('hello');
    const parent = tempDir();
    extractCluster(gzipSync(archive), path.join(parent, 'inside'));
    expect(readFileSync(path.join(parent, 'inside', 'base', 'file'), 'utf8')).toBe('hello');
    // '/../escape' is read relative to the target folder, never above it.
    expect(existsSync(path.join(parent, 'escape'))).toBe(false);
    expect(readFileSync(path.join(parent, 'inside', 'escape'), 'utf8')).toBe('bad');
  });
});
