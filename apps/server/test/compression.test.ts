import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekStart } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { COMPRESSION_THRESHOLD, registerCompression } from '../src/lib/compression.js';
import { addBoardScore } from '../src/core/boards.js';
import { createTestContext, registerPlayer, signedInPlayer, type TestContext } from './helpers.js';

const script = path.resolve(import.meta.dirname, '../../web/scripts/compress-dist.mjs');

/** A built app in miniature, compressed by the web build's own script (docs/performance.md). */
function builtWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const filler = Array.from({ length: 400 }, (_, i) => `export const v${i} = 'value ${i}';`);
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Lands of Aleph</title><!-- ${'padding '.repeat(200)} --><div id="root"></div>`,
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), filler.join('\n'));
  writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  execFileSync(process.execPath, [script, dist]);
  return dist;
}

/** A weekly board with enough rows that its JSON is well above the threshold. */
const board = '/mirza/boards/TOP_XP_GAINERS/last';
const BOARD_ROWS = 20;
async function signedInWithBoard(ctx: TestContext): Promise<string> {
  const week = new Date(isoWeekStart(ctx.clock.now().getTime()));
  const idOf = async (login: string) => {
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where login = ${login}`,
    );
    return row!.id;
  };
  for (let i = 0; i < BOARD_ROWS; i++) {
    const id = await idOf((await registerPlayer(ctx)).login);
    await addBoardScore(ctx.database.db, 'TOP_XP_GAINERS', id, 10 + i, week);
  }
  const viewer = await signedInPlayer(ctx);
  // The XP board opens at profile level one (docs/game-rules.md).
  await ctx.database.db.execute(
    sql`update profiles set level = 1 where id = ${await idOf(viewer.login)}`,
  );
  return viewer.cookie;
}

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('compressed responses', () => {
  let ctx: TestContext;
  let dist: string;
  let cookie: string;
  beforeAll(async () => {
    dist = builtWebDist();
    ctx = await createTestContext({ webDist: dist });
    cookie = await signedInWithBoard(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const asset = '/assets/index-abc123.js';
  const original = () => readFileSync(path.join(dist, 'assets', 'index-abc123.js'));

  for (const encoding of ['br', 'gzip'] as const) {
    it(`sends a hashed asset as ${encoding} from the build, with Vary and the immutable cache`, async () => {
      const res = await ctx.app.inject({ url: asset, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(original().length / 2);
      expect(decoded(res).equals(original())).toBe(true);
    });
  }

  it('sends the asset plain to a client that accepts no compression', async () => {
    const res = await ctx.app.inject({ url: asset });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(original())).toBe(true);
  });

  it('prefers brotli when a browser accepts both', async () => {
    const res = await ctx.app.inject({
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res).equals(original())).toBe(true);
  });

  it('sends a file too small to have a compressed copy plain, not compressed per request', async () => {
    const res = await ctx.app.inject({
      url: '/assets/tiny-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    // Still chosen by Accept-Encoding: a shared cache must not give it to every client.
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe('console.log(1)');
  });

  it('answers client-side routes with the compressed index.html, not cached', async () => {
    const page = readFileSync(path.join(dist, 'index.html'));
    for (const url of ['/', '/lands/12']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res).equals(page)).toBe(true);
    }
  });

  it('compresses an API answer above the threshold into the same JSON', async () => {
    const url = board;
    const plain = await ctx.app.inject({ url, headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.json().data).toHaveLength(BOARD_ROWS);
    for (const encoding of ['br', 'gzip']) {
      const res = await ctx.app.inject({ url, headers: { cookie, 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(res).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('sends an API answer under the threshold plain, and one above it compressed', async () => {
    const headers = { cookie, 'accept-encoding': 'br, gzip' };
    const small = await ctx.app.inject({ url: '/health/live', headers });
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const large = await ctx.app.inject({ url: board, headers });
    expect(large.headers['content-encoding']).toBe('br');
  });
});

describe('an API answer of several KB', () => {
  it('is compressed in one call and sent with its length, not through a stream per request', async () => {
    // The weekly board's answer is 8-9 KB (docs/performance.md, Compression): above the 8 KB
    // that @fastify/compress would stream by default on a two-core host, with a compressor
    // (and its window) allocated per answer in flight.
    const rows = Array.from({ length: 500 }, (_, i) => ({ rank: i + 1, profilename: `hero_${i}` }));
    const json = JSON.stringify({ data: rows });
    expect(json.length).toBeGreaterThan(16 * 1024);
    const app = Fastify();
    await registerCompression(app, true);
    app.get('/mirza/boards/large', (_request, reply) => reply.type('application/json').send(json));
    try {
      for (const encoding of ['br', 'gzip']) {
        const res = await app.inject({
          url: '/mirza/boards/large',
          headers: { 'accept-encoding': encoding },
        });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['transfer-encoding']).toBeUndefined();
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(decoded(res).toString('utf8')).toBe(json);
      }
    } finally {
      await app.close();
    }
  });
});

describe('HTTP_COMPRESSION=off (a proxy in front compresses)', () => {
  let ctx: TestContext;
  let cookie: string;
  let dist: string;
  beforeAll(async () => {
    dist = builtWebDist();
    ctx = await createTestContext({ webDist: dist, httpCompression: false });
    cookie = await signedInWithBoard(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('compresses no API answer, but still sends the files compressed at build time', async () => {
    const res = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    for (const encoding of ['br', 'gzip', 'gzip, deflate, br']) {
      const res = await ctx.app.inject({
        url: board,
        headers: { cookie, 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().data).toHaveLength(BOARD_ROWS);
    }
  });
});
