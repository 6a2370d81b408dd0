// Writes `.br` and `.gz` files beside each compressible file of the built app, once, at build
// time: the server sends them by content negotiation and compresses no static file per request
// (docs/performance.md, "Compression"). Usage: node scripts/compress-dist.mjs [dist folder]
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images, fonts (WOFF2) and media are compressed already. */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
/** Below this a file fits in a packet or two either way; the server's API threshold too. */
export const MIN_BYTES = 1024;
/** A variant that saves less than this share of the file is not worth a second file. */
const MIN_SAVING = 0.1;

const encoders = {
  '.br': (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  '.gz': (data) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION }),
};

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dot folders (Vite's .vite/manifest.json) are never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every eligible file under `dir`; returns what it wrote, for the build log. */
export function compressDist(dir) {
  const summary = { files: 0, raw: 0, br: 0, gz: 0 };
  // Stale variants of an earlier build would be served instead of the new file: remove them.
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const size = statSync(file).size;
    if (size < MIN_BYTES) {
      for (const suffix of Object.keys(encoders)) rmSync(file + suffix, { force: true });
      continue;
    }
    const data = readFileSync(file);
    summary.files += 1;
    summary.raw += size;
    for (const [suffix, encode] of Object.entries(encoders)) {
      const packed = encode(data);
      const target = file + suffix;
      if (packed.length <= size * (1 - MIN_SAVING)) {
        writeFileSync(target, packed);
        summary[suffix.slice(1)] += packed.length;
      } else {
        rmSync(target, { force: true });
        summary[suffix.slice(1)] += size;
      }
    }
  }
  return summary;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const s = compressDist(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.info(
    `compress-dist: ${s.files} files, ${kb(s.raw)} raw, ${kb(s.br)} brotli, ${kb(s.gz)} gzip`,
  );
}
