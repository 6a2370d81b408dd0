import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';
import {
  bazaarKey,
  cancel,
  landItem,
  list,
  trader,
  treasury,
  type Trader,
} from './bazaar-test-kit.js';

/**
 * Escrow as the rest of the game sees it: a listed hero is refused for missions, defence and
 * upgrades (409 HERO_LISTED), a listed land for missions, residents and its inventory's use (409
 * LAND_LISTED), and nothing changes; once the listing is cancelled they work again. On
 * PostgreSQL a listing and a mission start on one hero really race: exactly one wins.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const mission = (t: Trader, missionType: string, heroid: number, landid: number, extra = {}) =>
  t.api.post('/misaar/mission/start', { missionType, heroid, landid, ...extra });

async function missionsOf(t: Trader) {
  const [row] = await queryRows<{ n: string }>(
    ctx.database.db,
    sql`select count(*) as n from missions where profile_id = ${t.id}`,
  );
  return Number(row!.n);
}

async function ledgerOf(t: Trader) {
  const [row] = await queryRows<{ n: string }>(
    ctx.database.db,
    sql`select count(*) as n from ledger where profile_id = ${t.id}`,
  );
  return Number(row!.n);
}

const listHero = (t: Trader, heroid = t.heroid) =>
  list(ctx.app, t.cookie, { kind: 'hero', heroid, currency: 'gold', price: 100 });

describe('a listed hero', () => {
  it('is refused for a mission (409 HERO_LISTED), nothing changed; after cancel it may go', async () => {
    const t = await trader(ctx, { level: 10 });
    const listed = await listHero(t);
    expect(listed.status).toBe(201);
    const before = {
      missions: await missionsOf(t),
      ledger: await ledgerOf(t),
      ...(await treasury(ctx, t.id)),
    };
    const check = await t.api.post('/misaar/mission/check', {
      missionType: 'GOLDCLAIM',
      heroid: t.heroid,
      landid: t.landid,
    });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ ok: false, errorCode: 'HERO_LISTED', field: 'heroid' });
    expect(check.body.error).toMatch(/is listed on the Bazaar; cancel the listing first\.$/);
    const res = await mission(t, 'GOLDCLAIM', t.heroid, t.landid);
    expect([res.status, res.body.code]).toEqual([409, 'HERO_LISTED']);
    expect({
      missions: await missionsOf(t),
      ledger: await ledgerOf(t),
      ...(await treasury(ctx, t.id)),
    }).toEqual(before);
    expect((await cancel(ctx.app, t.cookie, listed.body.listing.id)).status).toBe(200);
    const again = await t.api.post('/misaar/mission/check', {
      missionType: 'GOLDCLAIM',
      heroid: t.heroid,
      landid: t.landid,
    });
    expect(again.body).toMatchObject({ ok: true });
    expect(again.body.errorCode).toBeUndefined();
    expect((await mission(t, 'GOLDCLAIM', t.heroid, t.landid)).status).toBe(200);
    await expectBooksBalanced(ctx);
  });

  it('shows its listing on the hero (listingId), in the list and alone, until it is cancelled', async () => {
    const t = await trader(ctx, { level: 10 });
    const listed = await listHero(t);
    expect(listed.status).toBe(201);
    const id = listed.body.listing.id;
    const heroIn = async () => {
      const all = await t.api.get('/abtal/heroes');
      const one = await t.api.get(`/abtal/heroes/${t.heroid}`);
      expect(one.status).toBe(200);
      const fromList = all.body.find((h: { heroid: number }) => h.heroid === t.heroid);
      expect(fromList.listingId).toBe(one.body.listingId);
      return one.body.listingId;
    };
    expect(await heroIn()).toBe(id);
    // Another hero of the player is not listed.
    const others = (await t.api.get('/abtal/heroes')).body.filter(
      (h: { heroid: number }) => h.heroid !== t.heroid,
    );
    for (const h of others) expect(h.listingId).toBeNull();
    expect((await cancel(ctx.app, t.cookie, id)).status).toBe(200);
    expect(await heroIn()).toBeNull();
  });

  it('is refused for the Arena defence team (409 HERO_LISTED), the team unchanged', async () => {
    const t = await trader(ctx, { level: 10 });
    const defend = (heroes: number[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/halba/defence',
        headers: { cookie: t.cookie },
        payload: { heroes },
      });
    expect((await defend([t.residentId])).statusCode).toBe(200);
    expect((await listHero(t)).status).toBe(201);
    const res = await defend([t.residentId, t.heroid]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'HERO_LISTED', field: 'heroes' });
    const [row] = await queryRows<{ defence: number[] }>(
      ctx.database.db,
      sql`select defence from arena_players where profile_id = ${t.id}`,
    );
    expect(row!.defence.map(Number)).toEqual([t.residentId]);
  });

  it('is refused an upgrade: upskills and a Skill Pot (409 HERO_LISTED), the hero unchanged', async () => {
    const t = await trader(ctx, { level: 10 });
    // The hero lives on the starter land with a Skill Pot there, and has points to spend.
    await ctx.database.db.execute(
      sql`update heroes set residence_id = ${t.landid}, level = 5 where id = ${t.heroid}`,
    );
    await ctx.database.db.execute(
      sql`update heroes set residence_id = null where id = ${t.residentId}`,
    );
    expect((await listHero(t)).status).toBe(201);
    const up = await t.api.post(`/abtal/heroes/${t.heroid}/upskills`, {
      skills: [1, 0, 0, 0, 0, 0, 0, 0],
    });
    expect([up.status, up.body.code]).toEqual([409, 'HERO_LISTED']);
    const pot = await t.api.post(`/abtal/heroes/${t.heroid}/pot`, { landid: t.landid, skill: 0 });
    expect([pot.status, pot.body.code]).toEqual([409, 'HERO_LISTED']);
    const [hero] = await queryRows<{ upskills: number[]; pot_skill: number | null }>(
      ctx.database.db,
      sql`select upskills, pot_skill from heroes where id = ${t.heroid}`,
    );
    expect(hero!.upskills.map(Number)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(hero!.pot_skill).toBeNull();
    expect(await landItem(ctx, t.landid, 'SKILL_POT')).toBe(10);
  });
});

describe('a listed land', () => {
  it('takes no resident: a hero moving in is refused (409 LAND_LISTED), as is any mission there', async () => {
    const t = await trader(ctx, { level: 10 });
    expect(
      (
        await list(ctx.app, t.cookie, {
          kind: 'land',
          landid: t.secondLandId,
          currency: 'gold',
          price: 900,
        })
      ).status,
    ).toBe(201);
    const before = await missionsOf(t);
    const move = await mission(t, 'TRANSFERHERO', t.heroid, t.secondLandId!);
    expect([move.status, move.body.code]).toEqual([409, 'LAND_LISTED']);
    const claim = await mission(t, 'GOLDCLAIM', t.heroid, t.secondLandId!);
    expect([claim.status, claim.body.code]).toEqual([409, 'LAND_LISTED']);
    const check = await t.api.post('/misaar/mission/check', {
      missionType: 'GOLDCLAIM',
      heroid: t.heroid,
      landid: t.secondLandId,
    });
    expect(check.body).toMatchObject({
      ok: false,
      errorCode: 'LAND_LISTED',
      field: 'landid',
      error: 'This land is listed on the Bazaar; cancel the listing first.',
    });
    expect(await missionsOf(t)).toBe(before);
    const [row] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from heroes where residence_id = ${t.secondLandId}`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('keeps its inventory: the trader will not buy goods from it (409 LAND_LISTED)', async () => {
    const t = await trader(ctx, { level: 10 });
    await ctx.database.db.execute(
      sql`update heroes set residence_id = null where owner_id = ${t.id}`,
    );
    expect(
      (
        await list(ctx.app, t.cookie, {
          kind: 'land',
          landid: t.landid,
          currency: 'gold',
          price: 900,
        })
      ).status,
    ).toBe(201);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/souq/trader/sell',
      headers: { cookie: t.cookie, 'idempotency-key': bazaarKey() },
      payload: { landid: t.landid, kind: 'item', code: 'TOWER_STONE', quantity: 1, price: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAND_LISTED');
    expect(await landItem(ctx, t.landid, 'TOWER_STONE')).toBe(50);
  });
});

describe('races (real ones on PostgreSQL)', () => {
  it('a listing and a mission start on one hero at once: exactly one wins', async () => {
    for (let round = 0; round < 6; round++) {
      const t = await trader(ctx);
      const [listed, started] = await Promise.all([
        listHero(t),
        mission(t, 'GOLDCLAIM', t.heroid, t.landid),
      ]);
      const wins = [listed.status === 201, started.status === 200].filter(Boolean).length;
      expect({ round, wins }).toEqual({ round, wins: 1 });
      if (listed.status === 201) expect(started.body.code).toBe('HERO_LISTED');
      else expect(listed.body.code).toBe('HERO_BUSY');
      const [row] = await queryRows<{ listings: string; missions: string }>(
        ctx.database.db,
        sql`select (select count(*) from bazaar_listings where hero_id = ${t.heroid} and status = 'open') as listings,
          (select count(*) from missions where hero_id = ${t.heroid} and status = 'running') as missions`,
      );
      expect(Number(row!.listings) + Number(row!.missions)).toBe(1);
    }
    await expectBooksBalanced(ctx);
  });

  it('a land listing and a hero moving in at once: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const t = await trader(ctx);
      const [listed, moved] = await Promise.all([
        list(ctx.app, t.cookie, {
          kind: 'land',
          landid: t.secondLandId,
          currency: 'gold',
          price: 50,
        }),
        mission(t, 'TRANSFERHERO', t.heroid, t.secondLandId!),
      ]);
      const wins = [listed.status === 201, moved.status === 200].filter(Boolean).length;
      expect({ round, wins }).toEqual({ round, wins: 1 });
      if (listed.status === 201) expect(moved.body.code).toBe('LAND_LISTED');
      else expect(listed.body.code).toBe('LAND_BUSY');
    }
    await expectBooksBalanced(ctx);
  });
});
