import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Hero, Land, MintPrices, Purchase } from '@aleph/contracts';
import { GAME_CONFIG, mintGoldPrice } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, expectBooksBalanced } from './game-helpers.js';

/**
 * Minting for treasury gold (docs/api.md, Marketplace): the price is mintGoldPrice of what the
 * player owns when buying, read under the profile lock, and booked through the change book. On
 * PostgreSQL (TEST_DATABASE_URL) the parallel requests really race on separate connections.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const { landPricePlatinum, heroPricePlatinum } = GAME_CONFIG.market;

async function state(profileId: number) {
  const [row] = await queryRows<Record<string, string>>(
    ctx.database.db,
    sql`select p.gold, p.platinum, p.vip_points as vip,
          (select count(*) from lands where owner_id = p.id) as lands,
          (select count(*) from heroes where owner_id = p.id) as heroes,
          (select count(*) from purchases where profile_id = p.id) as purchases
        from profiles p where p.id = ${profileId}`,
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as {
    gold: number;
    platinum: number;
    vip: number;
    lands: number;
    heroes: number;
    purchases: number;
  };
}

/** A signed-in player with the starter grant and what `grant` adds to the treasury. */
async function player(grant: { gold?: number; platinum?: number } = {}) {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  if (grant.gold || grant.platinum) {
    await grantToProfile(ctx.database.db, profileId, grant, ctx.clock.now());
  }
  return { api: client(ctx, p.cookie), profileId };
}

/** The gold prices for a player who owns what `profileId` owns now. */
async function goldPrices(profileId: number) {
  const { lands, heroes } = await state(profileId);
  return { land: mintGoldPrice('land', lands), hero: mintGoldPrice('hero', heroes) };
}

/** The player's gold ledger entries booked for one purchase. */
async function goldBooked(profileId: number, purchaseid: number) {
  const [row] = await queryRows<{ total: string | null; causes: string[] | null }>(
    ctx.database.db,
    sql`select sum(delta) as total, array_agg(distinct cause) as causes from ledger
        where profile_id = ${profileId} and asset = 'gold' and cause_id = ${String(purchaseid)}`,
  );
  return { total: Number(row!.total ?? 0), causes: row!.causes ?? [] };
}

let keys = 0;
const newKey = () => `gold-mint-${++keys}-${Date.now()}`;

describe('Mint Land for gold', () => {
  it('charges the gold price of the lands owned, leaves platinum alone, and the price rises after', async () => {
    const { api, profileId } = await player({ gold: 20_000, platinum: 30 });
    const before = await state(profileId);
    const price = mintGoldPrice('land', before.lands);
    // The starter land is free of growth: the first land bought costs the base.
    expect(price).toBe(GAME_CONFIG.market.goldMint.land.base);

    const res = await api.post('/market/mint/land', {
      continent: 1,
      idempotencyKey: newKey(),
      currency: 'gold',
    });
    expect(res.status).toBe(200);
    const purchase = res.body as Purchase;
    expect(purchase).toMatchObject({
      kind: 'mint_land',
      status: 'confirmed',
      platinum: 0,
      gold: -price,
      packageId: null,
      txHash: null,
    });
    expect((purchase.land as Land).continent).toBe(1);
    expect((await api.lands()).map((l) => l.landid)).toContain(purchase.land!.landid);
    expect(await state(profileId)).toMatchObject({
      gold: 20_000 - price,
      platinum: 30,
      vip: 0,
      lands: before.lands + 1,
      purchases: 1,
    });
    expect(await goldBooked(profileId, purchase.purchaseid)).toEqual({
      total: -price,
      causes: ['mint_land'],
    });

    const next = mintGoldPrice('land', before.lands + 1);
    expect(next).toBeGreaterThan(price);
    const prices = await api.get('/market/mint/prices');
    expect(prices).toMatchObject({ status: 200, body: { land: { gold: next } } });
    const second = await api.post('/market/mint/land', {
      continent: 0,
      idempotencyKey: newKey(),
      currency: 'gold',
    });
    expect(second).toMatchObject({ status: 200, body: { gold: -next, platinum: 0 } });
    expect(await state(profileId)).toMatchObject({ gold: 20_000 - price - next, platinum: 30 });
    await expectBooksBalanced(ctx);
  });

  it('prices by every land owned, also those minted with platinum', async () => {
    const { api, profileId } = await player({ gold: 50_000, platinum: landPricePlatinum });
    const owned = (await state(profileId)).lands;
    const bought = await api.post('/market/mint/land', { continent: 0, idempotencyKey: newKey() });
    expect(bought).toMatchObject({
      status: 200,
      body: { platinum: -landPricePlatinum, gold: 0 },
    });
    const res = await api.post('/market/mint/land', {
      continent: 0,
      idempotencyKey: newKey(),
      currency: 'gold',
    });
    expect(res).toMatchObject({ status: 200, body: { gold: -mintGoldPrice('land', owned + 1) } });
    await expectBooksBalanced(ctx);
  });
});

describe('Mint Hero for gold', () => {
  it('charges the gold price of the heroes owned and the price rises after', async () => {
    const { api, profileId } = await player({ gold: 10_000 });
    const before = await state(profileId);
    const price = mintGoldPrice('hero', before.heroes);
    const res = await api.post('/market/mint/hero', {
      idempotencyKey: newKey(),
      currency: 'gold',
    });
    expect(res.status).toBe(200);
    const purchase = res.body as Purchase;
    expect(purchase).toMatchObject({ kind: 'mint_hero', platinum: 0, gold: -price });
    expect(purchase.hero as Hero).toMatchObject({ generation: 0, residenceid: null });
    expect(await state(profileId)).toMatchObject({
      gold: 10_000 - price,
      platinum: 0,
      heroes: before.heroes + 1,
    });
    expect(await goldBooked(profileId, purchase.purchaseid)).toEqual({
      total: -price,
      causes: ['mint_hero'],
    });

    const next = mintGoldPrice('hero', before.heroes + 1);
    expect(next).toBeGreaterThanOrEqual(price);
    const second = await api.post('/market/mint/hero', {
      idempotencyKey: newKey(),
      currency: 'gold',
    });
    expect(second).toMatchObject({ status: 200, body: { gold: -next } });
    const third = mintGoldPrice('hero', before.heroes + 2);
    expect(third).toBeGreaterThan(price);
    expect((await api.get('/market/mint/prices')).body).toMatchObject({ hero: { gold: third } });
    expect(await state(profileId)).toMatchObject({ gold: 10_000 - price - next });
    await expectBooksBalanced(ctx);
  });

  it('still mints for platinum by default and with currency platinum, gold untouched', async () => {
    const { api, profileId } = await player({ gold: 5_000, platinum: 2 * heroPricePlatinum });
    const implicit = await api.post('/market/mint/hero', { idempotencyKey: newKey() });
    const explicit = await api.post('/market/mint/hero', {
      idempotencyKey: newKey(),
      currency: 'platinum',
    });
    for (const res of [implicit, explicit]) {
      expect(res).toMatchObject({ status: 200, body: { platinum: -heroPricePlatinum, gold: 0 } });
    }
    expect(await state(profileId)).toMatchObject({ gold: 5_000, platinum: 0 });
    await expectBooksBalanced(ctx);
  });
});

describe('not enough gold', () => {
  it('answers 409 INSUFFICIENT_GOLD naming the price and the treasury, and changes nothing', async () => {
    const { api, profileId } = await player({ platinum: 500 });
    const prices = await goldPrices(profileId);
    const have = Math.min(prices.land, prices.hero) - 10;
    await grantToProfile(ctx.database.db, profileId, { gold: have }, ctx.clock.now());
    const before = await state(profileId);
    const land = await api.post('/market/mint/land', {
      continent: 0,
      idempotencyKey: newKey(),
      currency: 'gold',
    });
    expect(land).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_GOLD' } });
    expect(land.body.message).toBe(
      `Minting a land costs ${prices.land} gold and your treasury holds ${have}.`,
    );
    const hero = await api.post('/market/mint/hero', {
      idempotencyKey: newKey(),
      currency: 'gold',
    });
    expect(hero).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_GOLD' } });
    expect(hero.body.message).toBe(
      `Minting a hero costs ${prices.hero} gold and your treasury holds ${have}.`,
    );
    // Platinum does not stand in for gold, and nothing was stored or booked.
    expect(await state(profileId)).toEqual(before);
    await expectBooksBalanced(ctx);
  });
});

describe('idempotency', () => {
  it('one key sent 20 times in parallel charges once and answers the same land', async () => {
    const { api, profileId } = await player({ gold: 100_000, platinum: 1_000 });
    const before = await state(profileId);
    const price = mintGoldPrice('land', before.lands);
    const body = { continent: 1, idempotencyKey: newKey(), currency: 'gold' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/market/mint/land', body)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.purchaseid)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.land.landid)).size).toBe(1);
    expect(results.map((r) => r.body.gold)).toEqual(Array(20).fill(-price));
    const after = { gold: 100_000 - price, platinum: 1_000, lands: before.lands + 1, purchases: 1 };
    expect(await state(profileId)).toMatchObject(after);

    // A later retry answers the original, at the price it was bought for.
    const later = await api.post('/market/mint/land', body);
    expect(later.body).toEqual(results[0]!.body);
    // The same key with another currency (given or by default), or another continent: refused.
    for (const other of [
      { ...body, currency: 'platinum' },
      { continent: 1, idempotencyKey: body.idempotencyKey },
      { ...body, continent: 0 },
    ]) {
      const res = await api.post('/market/mint/land', other);
      expect(res, JSON.stringify(other)).toMatchObject({
        status: 409,
        body: { code: 'IDEMPOTENCY_MISMATCH', field: 'idempotencyKey' },
      });
    }
    const hero = await api.post('/market/mint/hero', {
      idempotencyKey: body.idempotencyKey,
      currency: 'gold',
    });
    expect(hero).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_MISMATCH' } });
    expect(await state(profileId)).toMatchObject(after);
    await expectBooksBalanced(ctx);
  });

  it('a key first used for platinum is refused for gold, and the other way round', async () => {
    const { api, profileId } = await player({ gold: 100_000, platinum: 1_000 });
    const platinumKey = newKey();
    const bought = await api.post('/market/mint/hero', { idempotencyKey: platinumKey });
    expect(bought).toMatchObject({ status: 200, body: { gold: 0 } });
    const asGold = await api.post('/market/mint/hero', {
      idempotencyKey: platinumKey,
      currency: 'gold',
    });
    expect(asGold).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_MISMATCH' } });
    // The platinum purchase stored before gold existed still replays with currency platinum.
    const replay = await api.post('/market/mint/hero', {
      idempotencyKey: platinumKey,
      currency: 'platinum',
    });
    expect(replay.body).toEqual(bought.body);

    const goldKey = newKey();
    const minted = await api.post('/market/mint/hero', {
      idempotencyKey: goldKey,
      currency: 'gold',
    });
    expect(minted.status).toBe(200);
    const asPlatinum = await api.post('/market/mint/hero', { idempotencyKey: goldKey });
    expect(asPlatinum).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_MISMATCH' } });
    expect(await state(profileId)).toMatchObject({
      platinum: 1_000 - heroPricePlatinum,
      gold: 100_000 + minted.body.gold,
      purchases: 2,
    });
    await expectBooksBalanced(ctx);
  });
});

describe('racing', () => {
  it('20 parallel gold mints with different keys by a player who can afford 2: exactly 2', async () => {
    const { api, profileId } = await player();
    const owned = (await state(profileId)).lands;
    const first = mintGoldPrice('land', owned);
    const second = mintGoldPrice('land', owned + 1);
    const third = mintGoldPrice('land', owned + 2);
    // Enough for two, ten short of the third.
    const gold = first + second + third - 10;
    await grantToProfile(ctx.database.db, profileId, { gold }, ctx.clock.now());
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post('/market/mint/land', {
          continent: 1,
          idempotencyKey: newKey(),
          currency: 'gold',
        }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(2);
    expect(won.map((r) => r.body.gold).sort((a: number, b: number) => b - a)).toEqual([
      -first,
      -second,
    ]);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_GOLD' } });
    }
    expect(await state(profileId)).toMatchObject({
      gold: third - 10,
      lands: owned + 2,
      purchases: 2,
    });
    const [negative] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from profiles where gold < 0`,
    );
    expect(Number(negative!.n)).toBe(0);
    await expectBooksBalanced(ctx);
  });
});

describe('GET /market/mint/prices', () => {
  it('answers both prices of both mints for the caller now', async () => {
    const { api, profileId } = await player();
    const { lands, heroes } = await state(profileId);
    const res = await api.get('/market/mint/prices');
    expect(res.status).toBe(200);
    expect(res.body as MintPrices).toEqual({
      land: { platinum: landPricePlatinum, gold: mintGoldPrice('land', lands) },
      hero: { platinum: heroPricePlatinum, gold: mintGoldPrice('hero', heroes) },
    });
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/market/mint/prices' });
    expect(res.statusCode).toBe(401);
  });
});

describe('requests are validated', () => {
  it('refuses an unknown currency, naming the field', async () => {
    const { api, profileId } = await player({ gold: 100_000, platinum: 1_000 });
    const before = await state(profileId);
    for (const [url, body] of [
      ['/market/mint/land', { continent: 0, idempotencyKey: newKey(), currency: 'silver' }],
      ['/market/mint/hero', { idempotencyKey: newKey(), currency: 'GOLD' }],
      ['/market/mint/hero', { idempotencyKey: newKey(), currency: null }],
    ] as const) {
      const res = await api.post(url, body);
      expect(res, `${url} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', field: 'currency' },
      });
    }
    expect(await state(profileId)).toEqual(before);
  });
});
