import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeMap, cellElement, cellTerrain, encodeMap } from '@aleph/contracts';
import { createRng } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { createLands } from '../src/core/create-lands-heroes.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client } from './game-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { api: client(ctx, p.cookie), cookie: p.cookie, id: row!.id, login: p.login };
}

const raw = (url: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function plotsInDb(continent: number) {
  return queryRows<{ x: number; y: number; terrain: number; element: number }>(
    ctx.database.db,
    sql`select x, y, terrain, element from lands where continent = ${continent} order by y, x`,
  );
}

function plotsInMap(bytes: Uint8Array) {
  const map = decodeMap(bytes);
  const out: Array<{ x: number; y: number; terrain: number; element: number }> = [];
  map.cells.forEach((cell, i) => {
    if (cell !== 0) {
      const x = i % map.width;
      const y = Math.floor(i / map.width);
      out.push({ x, y, terrain: cellTerrain(cell), element: cellElement(cell) });
    }
  });
  return { map, plots: out };
}

describe('the map encoding', () => {
  it('decodes to the plots it encoded, corners included, at one bit and one byte a plot', () => {
    const plots = [
      { x: 0, y: 0, terrain: 4, element: 3 },
      { x: 499, y: 499, terrain: 0, element: 0 },
      { x: 7, y: 1, terrain: 2, element: 1 },
      { x: 250, y: 3, terrain: 3, element: 2 },
    ];
    const bytes = encodeMap(1, 500, 500, plots);
    expect(bytes.byteLength).toBe(16 + 31_250 + plots.length);
    const { map, plots: back } = plotsInMap(bytes);
    expect(map).toMatchObject({ continent: 1, width: 500, height: 500, count: 4 });
    const byIndex = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      a.y * 500 + a.x - (b.y * 500 + b.x);
    expect(back).toEqual([...plots].sort(byIndex));
    expect(() => decodeMap(bytes.subarray(0, bytes.byteLength - 1))).toThrow();
  });
});

describe('GET /ard/map/:continent', () => {
  it('answers every occupied plot of the continent, as the database holds them', async () => {
    const me = await newPlayer();
    await createLands(
      ctx.database.db,
      me.id,
      [
        { continent: 0, terrain: 3, element: 2 },
        { continent: 1, terrain: 4, element: 1 },
        { continent: 1, terrain: 1, element: 0 },
      ],
      createRng('map-test'),
      ctx.clock.now(),
    );
    for (const continent of [0, 1]) {
      const res = await raw(`/ard/map/${continent}`, { cookie: me.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.aleph.map');
      const { map, plots } = plotsInMap(res.rawPayload);
      expect(map.continent).toBe(continent);
      expect(plots).toEqual(await plotsInDb(continent));
      expect(plots.length).toBeGreaterThan(0);
    }
  });

  it('has a strong ETag, answers 304 to it, and a new one once a land is made', async () => {
    const me = await newPlayer();
    // Registering makes a land: the other player registers before the first read.
    const other = await newPlayer();
    const first = await raw('/ard/map/0', { cookie: me.cookie, 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const { plots } = plotsInMap(gunzipSync(first.rawPayload));
    expect(plots).toEqual(await plotsInDb(0));

    const again = await raw('/ard/map/0', {
      cookie: me.cookie,
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    // Another player gets the same bytes: one ETag for everyone.
    const theirs = await raw('/ard/map/0', {
      cookie: other.cookie,
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(theirs.statusCode).toBe(304);

    const [made] = await createLands(
      ctx.database.db,
      me.id,
      [{ continent: 0, terrain: 2, element: 3 }],
      createRng('map-etag'),
      ctx.clock.now(),
    );
    const changed = await raw('/ard/map/0', {
      cookie: me.cookie,
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const after = plotsInMap(gunzipSync(changed.rawPayload)).plots;
    expect(after).toContainEqual({ x: made!.x, y: made!.y, terrain: 2, element: 3 });
  });

  it('refuses a bad continent or coordinate with 400 naming the field, and needs a session', async () => {
    const me = await newPlayer();
    const cases: Array<[string, string]> = [
      ['/ard/map/2', 'continent'],
      ['/ard/map/x', 'continent'],
      ['/ard/map/-1/0/0', 'continent'],
      ['/ard/map/0/500/0', 'x'],
      ['/ard/map/0/1.5/0', 'x'],
      ['/ard/map/1/0/-1', 'y'],
    ];
    for (const [url, field] of cases) {
      const res = await me.api.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.field, url).toBe(field);
    }
    expect((await raw('/ard/map/0', {})).statusCode).toBe(401);
    expect((await raw('/ard/map/0/1/1', {})).statusCode).toBe(401);
  });
});

describe('GET /ard/map/:continent/:x/:y', () => {
  it("names the owner; the land's id only for the caller's own; 404 on a free plot", async () => {
    const me = await newPlayer();
    const other = await newPlayer();
    const [mine] = await me.api.lands();
    const [theirs] = await other.api.lands();
    const own = await me.api.get(`/ard/map/${mine!.continent}/${mine!.x}/${mine!.y}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      continent: mine!.continent,
      x: mine!.x,
      y: mine!.y,
      terrain: mine!.terrain_type,
      element: mine!.element,
      owner: { profileid: me.id, nickname: me.login },
      mine: true,
      landid: mine!.landid,
    });
    const seen = await me.api.get(`/ard/map/${theirs!.continent}/${theirs!.x}/${theirs!.y}`);
    expect(seen.body).toMatchObject({
      owner: { profileid: other.id, nickname: other.login },
      mine: false,
      landid: null,
    });
    const occupied = new Set((await plotsInDb(0)).map((p) => `${p.x},${p.y}`));
    const free = [0, 1, 2, 3].find((x) => !occupied.has(`${x},0`))!;
    const none = await me.api.get(`/ard/map/0/${free}/0`);
    expect(none.status).toBe(404);
  });
});
