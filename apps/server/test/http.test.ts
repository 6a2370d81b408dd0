import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestContext, registerPlayer, type TestContext } from './helpers.js';

describe('serving the SPA and the API on one port', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Lands of Aleph</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    ctx = await createTestContext({ webDist: dist });
  });
  afterAll(() => ctx.close());

  it('answers client-side routes with index.html (history fallback)', async () => {
    for (const url of ['/', '/lands/12', '/messages', '/no/such/page']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Lands of Aleph');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    for (const url of ['/ard/nothing-here', '/abwab/unknown', '/assets/missing.js']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('reports liveness and readiness', async () => {
    expect((await ctx.app.inject({ url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });

  it('marks API answers as not cacheable', async () => {
    const res = await ctx.app.inject({ url: '/abwab/checksession' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers, but no Strict-Transport-Security outside production', async () => {
    for (const url of ['/', '/abwab/checksession', '/%ff']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'DENY',
      });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers, url).not.toHaveProperty('strict-transport-security');
    }
  });
});

describe('production cookies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ production: true });
  });
  afterAll(() => ctx.close());

  it('are __Host- prefixed, Secure, httpOnly and SameSite=Lax', async () => {
    const reg = await registerPlayer(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/abwab/login',
      payload: { username: reg.login, password: reg.password },
    });
    expect(res.statusCode).toBe(200);
    const cookies = res.cookies as Array<{
      name: string;
      secure?: boolean;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
      domain?: string;
    }>;
    expect(cookies.map((c) => c.name).sort()).toEqual([
      '__Host-aleph_at',
      '__Host-aleph_device',
      '__Host-aleph_rt',
    ]);
    for (const c of cookies) {
      expect(c).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(c.domain).toBeUndefined();
    }
  });

  it('come with Strict-Transport-Security for a year, subdomains included', async () => {
    // Also on the errors Fastify answers before routing (an undecodable address).
    for (const url of ['/abwab/checksession', '/health/live', '/%ff']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });
});

describe('configuration', () => {
  it('requires COOKIE_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/COOKIE_SECRET/);
  });

  it('refuses the test clock in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', GAME_TEST_MODE: '1', COOKIE_SECRET: 'x'.repeat(40) }),
    ).toThrow(/GAME_TEST_MODE/);
  });

  it('generates a development secret once and keeps it in the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'data-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.cookieSecret).toHaveLength(64);
    expect(b.cookieSecret).toBe(a.cookieSecret);
  });

  it('has no clock control unless the test flag is set', async () => {
    const ctx = await createTestContext({ testMode: false });
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/__test/clock',
        payload: { advanceMs: 1000 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
