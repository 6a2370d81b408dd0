import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';

const compress = path.resolve(import.meta.dirname, '../../web/scripts/compress-dist.mjs');
const padding = `// ${'padding '.repeat(300)}\n`;
const WORKER = `${padding}self.addEventListener('fetch', () => {});\n`;
const MANIFEST = JSON.stringify({ name: 'Lands of Aleph', padding: padding.repeat(2) });
// A PNG's signature and IHDR are enough for the server, which never reads the image.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000c0000000c0', 'hex');

/** The files the web build writes for the installable app (apps/web/src/pwa/build-plugin.ts). */
function builtWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'sw.js'), WORKER);
  writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(path.join(dist, 'offline.html'), `<!doctype html><h1>You are offline</h1>`);
  writeFileSync(path.join(dist, 'assets/index-AbC123.js'), padding);
  writeFileSync(path.join(dist, 'icons/icon-192.png'), PNG);
  execFileSync(process.execPath, [compress, dist]);
  return dist;
}

describe('the installable app served with the SPA (docs/architecture.md, Web)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = builtWebDist();
    ctx = await createTestContext({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the service worker as JavaScript that the browser revalidates on every check', async () => {
    for (const encoding of ['identity', 'gzip, deflate, br']) {
      const res = await ctx.app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      // A long HTTP cache would keep players on an old version for as long as it lasts.
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the manifest, the offline page and the icons with their own types, not cached long', async () => {
    const expected: Record<string, RegExp> = {
      '/manifest.webmanifest': /^application\/manifest\+json/,
      '/offline.html': /^text\/html/,
      '/icons/icon-192.png': /^image\/png/,
    };
    for (const [url, type] of Object.entries(expected)) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const manifest = await ctx.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.json()).toMatchObject({ name: 'Lands of Aleph' });
  });

  it('keeps the hashed assets cached for a year', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
