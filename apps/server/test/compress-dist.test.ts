import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

/** The web build's last step (apps/web/package.json), run as the build runs it. */
const script = path.resolve(import.meta.dirname, '../../web/scripts/compress-dist.mjs');
const run = (dist: string) =>
  execFileSync(process.execPath, [script, dist], { encoding: 'utf8', cwd: dist });

/** Text that compresses the way a bundle does: repetitive but not trivially so. */
const text = (kind: string, lines = 200) =>
  Array.from({ length: lines }, (_, i) => `/* ${kind} */ const item${i} = "${i * 7919}";`).join(
    '\n',
  );

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function distWith(files: Record<string, string | Buffer>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'compress-dist-'));
  made.push(dist);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  return dist;
}

describe('the web build compressing its output', () => {
  it('writes .br and .gz files beside each text file that decode to the original', () => {
    const texts = [
      'assets/index-abc123.js',
      'assets/index-abc123.css',
      'index.html',
      'img/map.svg',
      'assets/data-abc123.json',
    ];
    const dist = distWith(Object.fromEntries(texts.map((f) => [f, text(f)])));
    const log = run(dist);
    expect(log).toMatch(/compress-dist: 5 files/);
    for (const file of texts) {
      const original = readFileSync(path.join(dist, file));
      const br = readFileSync(path.join(dist, `${file}.br`));
      const gz = readFileSync(path.join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      // Built at the highest levels: brotli well below gzip's size.
      expect(br.length, file).toBeLessThan(gz.length);
      expect(gz.length, file).toBeLessThan(original.length / 2);
    }
  });

  it('skips compressed formats, small files, incompressible data and dot folders', () => {
    const dist = distWith({
      'img/photo.png': randomBytes(4096),
      'assets/font-abc123.woff2': randomBytes(4096),
      'assets/tiny-abc123.js': 'console.log(1)',
      'assets/noise-abc123.js': randomBytes(8192).toString('base64'),
      '.vite/manifest.json': text('manifest'),
    });
    run(dist);
    for (const file of [
      'img/photo.png',
      'assets/font-abc123.woff2',
      'assets/tiny-abc123.js',
      '.vite/manifest.json',
    ]) {
      expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(false);
    }
    // Base64 noise saves about a quarter: worth it. Pure random bytes as text would not be.
    expect(existsSync(path.join(dist, 'assets/noise-abc123.js.br'))).toBe(true);
  });

  it('keeps no variant that saves too little, and no stale one from an earlier build', () => {
    const dist = distWith({
      'assets/random-abc123.json': randomBytes(8192),
      'index.html': text('index'),
    });
    writeFileSync(path.join(dist, 'assets/random-abc123.json.br'), 'stale');
    run(dist);
    expect(existsSync(path.join(dist, 'assets/random-abc123.json.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/random-abc123.json.gz'))).toBe(false);

    // A rebuild whose index.html is now tiny must not leave the old compressed page behind.
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    run(dist);
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'index.html.gz'))).toBe(false);
  });
});
