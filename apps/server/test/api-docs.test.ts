import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { canonicalDocument } from '../src/http/api-docs.js';
import { servedRoutes } from './abuse-endpoints.js';
import { createTestContext, type TestContext } from './helpers.js';

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required: boolean }[];
  responses: Record<string, { description: string }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, url, op })),
  );

describe('the API reference in development (docs/api.md)', () => {
  let ctx: TestContext;
  let doc: Document;
  beforeAll(async () => {
    // Test mode too, so that the test-only routes are registered and must be hidden.
    ctx = await createTestContext({ apiDocs: true });
    doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(async () => ctx.close());

  it('answers /api/docs with the reference page, under the app’s own CSP', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Lands of Aleph API</title>');
      expect(res.body).toContain('swagger-ui-bundle.js');
      // Every file from this server: the page's CSP allows scripts from 'self' only.
      expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const script = await ctx.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const init = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
  });

  it('serves OpenAPI 3.1 with the server’s name, version and session cookie', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Lands of Aleph API', version: '0.1.0' });
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'aleph_at',
    });
  });

  it('documents every route the app serves but the test-only ones and its own pages', () => {
    const documented = operations(doc)
      .map(({ method, url }) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`)
      .sort();
    const served = servedRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter(
      (route) => !/^\w+ \/(__test|api\/docs)(\/|$)/.test(route),
    );
    expect(documented).toEqual(served);
    expect(served.some((route) => route.includes('/__test/'))).toBe(false);
    expect(ctx.config.testMode).toBe(true);
  });

  it('marks the routes that need a session, as requireSession guards them', () => {
    const security = (method: string, url: string) => doc.paths[url]?.[method]?.security;
    for (const [method, url] of [
      ['get', '/ard/lands'],
      ['post', '/misaar/mission/start'],
      ['get', '/events'],
      ['post', '/souq/trader/sell'],
    ] as const)
      expect(security(method, url), url).toEqual([{ session: [] }]);
    for (const [method, url] of [
      ['post', '/abwab/login'],
      ['get', '/market/offers'],
      ['get', '/health/ready'],
    ] as const)
      expect(security(method, url), url).toBeUndefined();
  });

  it('lists the Idempotency-Key header the economy’s writes declare, and tags every route', () => {
    const sell = doc.paths['/souq/trader/sell']?.post;
    expect(sell?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
    );
    expect(sell?.responses['409']?.description).toBe('Conflict');
    for (const { method, url, op } of operations(doc))
      expect(op.tags, `${method} ${url}`).toHaveLength(1);
  });
});

describe('canonicalDocument', () => {
  it('orders paths, methods, responses and components whatever order they came in', () => {
    const a = canonicalDocument({
      paths: {
        '/b': { post: { responses: { 404: {}, 200: {} } }, get: { responses: {} } },
        '/a': { get: { responses: {} } },
      },
      components: { schemas: { Z: {}, A: {} } },
      info: {},
      openapi: '3.1.0',
    });
    expect(JSON.stringify(a)).toBe(
      JSON.stringify({
        openapi: '3.1.0',
        info: {},
        paths: {
          '/a': { get: { responses: {} } },
          '/b': { get: { responses: {} }, post: { responses: { 200: {}, 404: {} } } },
        },
        components: { schemas: { A: {}, Z: {} } },
      }),
    );
  });
});

describe('the API reference in production', () => {
  const productionEnv = {
    NODE_ENV: 'production',
    COOKIE_SECRET: 'x'.repeat(40),
    SIWE_DOMAIN: 'game.example',
    METRICS: 'off',
    CHAIN_RPC_URL: 'https://rpc.example.org',
    CHAIN_ID: '1',
    TREASURY_ADDRESS: '0x000000000000000000000000000000000000dEaD',
    PAYMENT_CONFIRMATIONS: '3',
    MAIL: 'off',
    WEB_PUSH: 'off',
  };
  let dist: string;
  beforeAll(() => {
    // A web build, so that a path the API does not serve would get the app's page.
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('is off unless API_DOCS=on; on by default in development only', () => {
    expect(loadConfig(productionEnv).apiDocs).toBe(false);
    expect(loadConfig({ ...productionEnv, API_DOCS: 'on' }).apiDocs).toBe(true);
    const development = { COOKIE_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent-test-data' };
    expect(loadConfig(development).apiDocs).toBe(true);
    expect(loadConfig({ ...development, API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(loadConfig({ ...development, NODE_ENV: 'test' }).apiDocs).toBe(false);
    expect(() => loadConfig({ ...development, API_DOCS: 'yes' })).toThrow(
      'API_DOCS must be on or off, not "yes"',
    );
  });

  it('answers 404 at /api/docs, not the web app’s page', async () => {
    const ctx = await createTestContext({ production: true, apiDocs: false, webDist: dist });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
        const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
      expect((await ctx.app.inject({ url: '/lands' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('serves it when the operator turns it on', async () => {
    const ctx = await createTestContext({ production: true, apiDocs: true, webDist: dist });
    try {
      const page = await ctx.app.inject({ url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-ui-bundle.js');
      const doc: Document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
      expect(doc.components.securitySchemes.session?.name).toBe('__Host-aleph_at');
    } finally {
      await ctx.close();
    }
  });
});
