import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';

const compress = path.resolve(import.meta.dirname, '../../web/scripts/compress-dist.mjs');
const padding = `<!-- ${'padding '.repeat(200)} -->`;
const EMPTY = `<!doctype html><title>Lands of Aleph</title>${padding}<div id="root"></div>`;
const LOGIN = `<!doctype html><title>Lands of Aleph</title>${padding}<div id="root" data-prerendered="/login"><main><h1>Lands of Aleph</h1></main></div>`;

/** A built app in miniature: index.html, and login.html as the web build prerenders it. */
function builtWebDist(withLogin: boolean): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), EMPTY);
  if (withLogin) writeFileSync(path.join(dist, 'login.html'), LOGIN);
  execFileSync(process.execPath, [compress, dist]);
  return dist;
}

describe('the prerendered login page (docs/architecture.md, Web)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = builtWebDist(true);
    ctx = await createTestContext({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is sent for /login, with or without a query, not cached, under the same CSP', async () => {
    for (const url of ['/login', '/login?next=%2Flands']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe(LOGIN);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('is sent compressed from the build to a browser that accepts brotli', async () => {
    const res = await ctx.app.inject({
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LOGIN);
  });

  it('is never sent for another route: a signed-in player opening /lands gets the empty page', async () => {
    for (const url of [
      '/',
      '/lands',
      '/lands/12',
      '/register',
      '/restore-password',
      '/logout',
      '/login/x',
      '/loginx',
    ]) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(EMPTY);
    }
  });
});

describe('a build without the prerendered page', () => {
  it('answers /login with index.html, as any client-side route', async () => {
    const dist = builtWebDist(false);
    const ctx = await createTestContext({ webDist: dist });
    try {
      const res = await ctx.app.inject({ url: '/login', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(EMPTY);
    } finally {
      await ctx.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
