import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

/**
 * An empty database cluster made once by PGlite's own initdb and shipped with the server
 * (`scripts/make-pglite-cluster.mjs`). Copying it replaces running initdb, which takes about
 * four seconds and keeps a second database instance in memory, so a first start peaked at
 * almost twice the memory of later ones (docs/decisions/0007-embedded-database-memory.md).
 */
export const clusterBundle = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../pglite/empty-cluster.tar.gz',
);

/**
 * Settings for the embedded database, added to PGlite's own start parameters. 32 MB of shared
 * buffers instead of PostgreSQL's 128 MB: one player's world is small, and the buffers live in
 * the process's own memory (docs/performance.md, "Memory").
 */
export const pgliteStartParams: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/** Written by the instance that made the bundle; a copy must not look like a running server. */
const SKIPPED = new Set(['postmaster.pid']);

interface TarEntry {
  name: string;
  kind: 'file' | 'dir';
  data: Uint8Array;
}

function field(block: Uint8Array, start: number, length: number): string {
  const bytes = block.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
}

/** The entries of a ustar archive (the format PGlite dumps): regular files and folders. */
export function readTar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    offset += 512;
    if (type === '5') entries.push({ name, kind: 'dir', data: new Uint8Array() });
    else if (type === '0' || type === '\0')
      entries.push({ name, kind: 'file', data: archive.subarray(offset, offset + size) });
    offset += Math.ceil(size / 512) * 512;
  }
  return entries;
}

let bundle: Uint8Array<ArrayBuffer> | null | undefined;

/** The shipped cluster, read once per process; null when it is not there (a trimmed install). */
export function readClusterBundle(): Uint8Array<ArrayBuffer> | null {
  bundle ??= existsSync(clusterBundle) ? new Uint8Array(readFileSync(clusterBundle)) : null;
  return bundle;
}

/**
 * Fills an empty PGlite folder with the shipped cluster. Returns false (and writes nothing)
 * when the folder already holds a database or the bundle is missing: PGlite then resumes the
 * database, or runs initdb itself.
 */
export function seedPgliteFolder(dir: string): boolean {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const gz = readClusterBundle();
  if (!gz) return false;
  extractCluster(gz, dir);
  return true;
}

/** Writes a gzipped ustar archive's folders and files under `dir`, never outside it. */
export function extractCluster(gz: Uint8Array, dir: string): void {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  for (const entry of readTar(gunzipSync(gz))) {
    const target = path.resolve(root, `.${path.posix.normalize(`/${entry.name}`)}`);
    if (!target.startsWith(root) || SKIPPED.has(path.basename(target))) continue;
    if (entry.kind === 'dir') mkdirSync(target, { recursive: true, mode: 0o700 });
    else {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.data, { mode: 0o600 });
    }
  }
}
