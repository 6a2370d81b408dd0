import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Hero, Land, Purchase } from '@aleph/contracts';
import { createRng, rollMintHero, skillRange, type Rarity } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, expectBooksBalanced } from './game-helpers.js';

/**
 * Minting spends Platinum and creates a land or hero in one transaction. On PostgreSQL
 * (TEST_DATABASE_URL) the parallel requests really race on separate connections.
 * The rarity distribution of rollMintHero (chi-square over 10,000 seeded draws) is proven in
 * packages/rules/src/heroes.test.ts; here the server must use it with the stored seed.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

async function player(platinum = 0) {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  if (platinum > 0) await grantToProfile(ctx.database.db, profileId, { platinum }, ctx.clock.now());
  return { api: client(ctx, p.cookie), profileId };
}

async function state(profileId: number) {
  const [row] = await queryRows<{
    platinum: string;
    vip: string;
    lands: string;
    heroes: string;
    purchases: string;
  }>(
    ctx.database.db,
    sql`select p.platinum, p.vip_points as vip,
          (select count(*) from lands where owner_id = p.id) as lands,
          (select count(*) from heroes where owner_id = p.id) as heroes,
          (select count(*) from purchases where profile_id = p.id) as purchases
        from profiles p where p.id = ${profileId}`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

let keys = 0;
const newKey = () => `mint-key-${++keys}-${Date.now()}`;

describe('Mint Land', () => {
  it('spends 100 platinum for a land on the chosen continent near the centre', async () => {
    const { api, profileId } = await player(250);
    const res = await api.post('/market/mint/land', { continent: 1, idempotencyKey: newKey() });
    expect(res.status).toBe(200);
    const purchase = res.body as Purchase;
    expect(purchase).toMatchObject({
      kind: 'mint_land',
      status: 'confirmed',
      platinum: -100,
      packageId: null,
      txHash: null,
    });
    expect(purchase.confirmedAt).toBe(purchase.createdAt);
    const land = purchase.land as Land;
    expect(land).toMatchObject({ continent: 1, residents: 0, elements: [0, 0, 0, 0] });
    expect(land.terrain_type).toBeGreaterThanOrEqual(0);
    expect(land.terrain_type).toBeLessThanOrEqual(4);
    expect(land.element).toBeGreaterThanOrEqual(0);
    expect(land.element).toBeLessThanOrEqual(3);
    expect(Math.abs(land.x - 250)).toBeLessThan(100);
    expect(Math.abs(land.y - 250)).toBeLessThan(100);
    expect((await api.lands()).map((l) => l.landid)).toContain(land.landid);
    // Spending platinum earns no VIP points.
    expect(await state(profileId)).toMatchObject({ platinum: 150, vip: 0, lands: 2 });
    const [seed] = await queryRows<{ seed: string }>(
      ctx.database.db,
      sql`select seed from purchases where id = ${purchase.purchaseid}`,
    );
    expect(Number(seed!.seed)).toBeGreaterThanOrEqual(0);
    await expectBooksBalanced(ctx);
  });

  it('refuses without enough platinum and changes nothing', async () => {
    const { api, profileId } = await player(99);
    const before = await state(profileId);
    const res = await api.post('/market/mint/land', { continent: 0, idempotencyKey: newKey() });
    expect(res).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_PLATINUM' } });
    expect(res.body.message).toMatch(/100 platinum/);
    expect(await state(profileId)).toEqual(before);
    await expectBooksBalanced(ctx);
  });

  it('100 parallel mints on one continent: 100 distinct slots, exactly 10,000 platinum', async () => {
    const { api, profileId } = await player(10_000);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        api.post('/market/mint/land', { continent: 1, idempotencyKey: newKey() }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const slots = new Set(results.map((r) => `${r.body.land.x},${r.body.land.y}`));
    expect(slots.size).toBe(100);
    expect(new Set(results.map((r) => r.body.purchaseid)).size).toBe(100);
    expect(await state(profileId)).toMatchObject({ platinum: 0, lands: 101, purchases: 100 });
    const [spent] = await queryRows<{ total: string }>(
      ctx.database.db,
      sql`select sum(delta) as total from ledger
          where profile_id = ${profileId} and asset = 'platinum' and cause = 'mint_land'`,
    );
    expect(Number(spent!.total)).toBe(-10_000);
    const [dupes] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from (select 1 from lands group by continent, x, y having count(*) > 1) d`,
    );
    expect(Number(dupes!.n)).toBe(0);
    const broke = await api.post('/market/mint/land', { continent: 1, idempotencyKey: newKey() });
    expect(broke).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_PLATINUM' } });
    await expectBooksBalanced(ctx);
  });

  it('one key sent 20 times in parallel charges once and answers the same land', async () => {
    const { api, profileId } = await player(1_000);
    const body = { continent: 0, idempotencyKey: newKey() };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/market/mint/land', body)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.purchaseid)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.land.landid)).size).toBe(1);
    expect(await state(profileId)).toMatchObject({ platinum: 900, lands: 2, purchases: 1 });

    // The same key with another continent, or for a hero, is another purchase: refused.
    const other = await api.post('/market/mint/land', { ...body, continent: 1 });
    expect(other).toMatchObject({
      status: 409,
      body: { code: 'IDEMPOTENCY_MISMATCH', field: 'idempotencyKey' },
    });
    const hero = await api.post('/market/mint/hero', { idempotencyKey: body.idempotencyKey });
    expect(hero).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_MISMATCH' } });
    // A later retry still answers the original.
    const later = await api.post('/market/mint/land', body);
    expect(later.body.purchaseid).toBe(results[0]!.body.purchaseid);
    expect(await state(profileId)).toMatchObject({ platinum: 900, lands: 2, purchases: 1 });
    await expectBooksBalanced(ctx);
  });

  it('a key belongs to its player: another player may use the same one', async () => {
    const a = await player(100);
    const b = await player(100);
    const idempotencyKey = newKey();
    const ra = await a.api.post('/market/mint/land', { continent: 0, idempotencyKey });
    const rb = await b.api.post('/market/mint/land', { continent: 0, idempotencyKey });
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(ra.body.purchaseid).not.toBe(rb.body.purchaseid);
    const peek = await b.api.get(`/market/purchases/${ra.body.purchaseid}`);
    expect(peek).toMatchObject({ status: 404, body: { code: 'PURCHASE_NOT_FOUND' } });
  });
});

describe('Mint Hero', () => {
  it('spends 50 platinum for a generation-0 hero without residence, replayable from its seed', async () => {
    const { api, profileId } = await player(120);
    const res = await api.post('/market/mint/hero', { idempotencyKey: newKey() });
    expect(res.status).toBe(200);
    const purchase = res.body as Purchase;
    expect(purchase).toMatchObject({ kind: 'mint_hero', status: 'confirmed', platinum: -50 });
    const hero = purchase.hero as Hero;
    expect(hero).toMatchObject({ generation: 0, residenceid: null, busy: false, eta: null });
    const { min, max } = skillRange(hero.rarity as Rarity);
    for (const skill of hero.skills) {
      expect(skill).toBeGreaterThanOrEqual(min);
      expect(skill).toBeLessThanOrEqual(max);
    }
    const [row] = await queryRows<{ seed: string }>(
      ctx.database.db,
      sql`select seed from purchases where id = ${purchase.purchaseid}`,
    );
    const replay = rollMintHero(createRng(Number(row!.seed)));
    expect(hero).toMatchObject({
      name: replay.name,
      rarity: replay.rarity,
      sex: replay.sex,
      element: replay.element,
      skills: [...replay.skills],
    });
    expect((await api.heroes()).map((h) => h.heroid)).toContain(hero.heroid);
    // The starter grant's three heroes and the one minted.
    expect(await state(profileId)).toMatchObject({ platinum: 70, heroes: 4 });

    const second = await api.post('/market/mint/hero', { idempotencyKey: newKey() });
    expect(second.status).toBe(200);
    const third = await api.post('/market/mint/hero', { idempotencyKey: newKey() });
    expect(third).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_PLATINUM' } });
    expect(await state(profileId)).toMatchObject({ platinum: 20, heroes: 5, purchases: 2 });
    await expectBooksBalanced(ctx);
  });
});

describe('purchase history', () => {
  it('lists the player’s purchases newest first, with what each one made', async () => {
    const { api } = await player(300);
    const land = await api.post('/market/mint/land', { continent: 0, idempotencyKey: newKey() });
    const hero = await api.post('/market/mint/hero', { idempotencyKey: newKey() });
    const bought = await api.post('/market/platinum', {
      packageId: 'platinum-100',
      idempotencyKey: newKey(),
    });
    const history = await api.get('/market/purchases');
    expect(history.status).toBe(200);
    const list = history.body as Purchase[];
    expect(list.map((p) => p.purchaseid)).toEqual([
      bought.body.purchaseid,
      hero.body.purchaseid,
      land.body.purchaseid,
    ]);
    expect(list[1]!.hero?.heroid).toBe(hero.body.hero.heroid);
    expect(list[2]!.land?.landid).toBe(land.body.land.landid);
    expect((await api.get('/market/purchases?limit=1')).body).toHaveLength(1);
    const one = await api.get(`/market/purchases/${land.body.purchaseid}`);
    expect(one.body).toEqual(land.body);
  });
});

describe('requests are validated', () => {
  it('names the field at fault', async () => {
    const { api } = await player(500);
    const cases: Array<[string, object, string]> = [
      ['/market/mint/land', { continent: 2, idempotencyKey: newKey() }, 'continent'],
      ['/market/mint/land', { idempotencyKey: newKey() }, 'continent'],
      ['/market/mint/land', { continent: 0, idempotencyKey: 'short' }, 'idempotencyKey'],
      ['/market/mint/hero', { idempotencyKey: 'x'.repeat(101) }, 'idempotencyKey'],
      ['/market/mint/hero', { idempotencyKey: 'has a space' }, 'idempotencyKey'],
      ['/market/mint/hero', {}, 'idempotencyKey'],
      ['/market/platinum', { idempotencyKey: newKey() }, 'packageId'],
    ];
    for (const [url, body, field] of cases) {
      const res = await api.post(url, body);
      expect(res, `${url} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', field },
      });
    }
    expect((await api.get('/market/purchases/abc')).status).toBe(400);
    await expectBooksBalanced(ctx);
  });

  it('needs a session, except for the offers', async () => {
    for (const url of ['/market/purchases', '/market/purchases/1']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const mint = await ctx.app.inject({
      method: 'POST',
      url: '/market/mint/hero',
      payload: { idempotencyKey: newKey() },
    });
    expect(mint.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/market/offers' })).statusCode).toBe(200);
  });
});
