import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileLevel } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { expectErrorShape } from './abuse-helpers.js';
import {
  bulkDelete,
  type Call,
  expectNothingChanged as unchanged,
  MISSING,
  mission,
  newPlayer as playerIn,
  type Player,
  send,
} from './abuse-players.js';

/**
 * Every endpoint that takes an id, given another player's id: 404 exactly like an id that does
 * not exist, and nothing changes; without a session, 401. Sessions and cookies are abused in
 * abuse-session.test.ts, requests from another site in abuse-origin.test.ts, and brute-force
 * logins are throttled with 429 in auth-limits.test.ts (not repeated here).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const newPlayer = () => playerIn(ctx);
const call = (c: Call) => send(ctx, c);
const expectNothingChanged = (who: Player[], act: () => Promise<void>) => unchanged(ctx, who, act);

describe("another player's ids", () => {
  let alice: Player;
  let bob: Player;
  let bobPurchase: number;
  beforeAll(async () => {
    alice = await newPlayer();
    bob = await newPlayer();
    const bought = await bob.api.post('/market/platinum', {
      packageId: 'platinum-100',
      idempotencyKey: 'bob-purchase-1',
    });
    expect(bought.status).toBe(200);
    bobPurchase = bought.body.purchaseid;
  });

  /**
   * Alice asks for Bob's thing, then for one that does not exist: both answer the same 404,
   * so the answer does not even tell her that Bob's id exists.
   */
  const cases: {
    name: string;
    call: (mine: Player, theirs: Player, purchase: number) => Call;
    missing: (mine: Player) => Call;
    code: string;
  }[] = [
    {
      name: 'GET /ard/lands/{id}',
      call: (_m, t) => ({ method: 'GET', url: `/ard/lands/${t.land}` }),
      missing: () => ({ method: 'GET', url: `/ard/lands/${MISSING}` }),
      code: 'LAND_NOT_FOUND',
    },
    {
      name: 'GET /ard/lands/{id}/balances',
      call: (_m, t) => ({ method: 'GET', url: `/ard/lands/${t.land}/balances` }),
      missing: () => ({ method: 'GET', url: `/ard/lands/${MISSING}/balances` }),
      code: 'LAND_NOT_FOUND',
    },
    {
      name: 'GET /abtal/heroes/{id}',
      call: (_m, t) => ({ method: 'GET', url: `/abtal/heroes/${t.hero}` }),
      missing: () => ({ method: 'GET', url: `/abtal/heroes/${MISSING}` }),
      code: 'HERO_NOT_FOUND',
    },
    ...(['check', 'start'] as const).flatMap((step) => [
      {
        name: `POST /misaar/mission/${step} with their land`,
        call: (m: Player, t: Player) => mission(step, 'DAILYREWARD', t.land, m.hero),
        missing: (m: Player) => mission(step, 'DAILYREWARD', MISSING, m.hero),
        code: 'LAND_NOT_FOUND',
      },
      {
        name: `POST /misaar/mission/${step} with their hero`,
        call: (m: Player, t: Player) => mission(step, 'TRANSFERHERO', m.land, t.homeless),
        missing: (m: Player) => mission(step, 'TRANSFERHERO', m.land, MISSING),
        code: 'HERO_NOT_FOUND',
      },
      {
        name: `POST /misaar/mission/${step} with their land and hero`,
        call: (_m: Player, t: Player) => mission(step, 'DAILYREWARD', t.land, t.hero),
        missing: () => mission(step, 'DAILYREWARD', MISSING, MISSING),
        code: 'HERO_NOT_FOUND',
      },
    ]),
    {
      name: 'POST /hatif/messages/{id}/markread',
      call: (_m, t) => ({ method: 'POST', url: `/hatif/messages/${t.message}/markread` }),
      missing: () => ({ method: 'POST', url: `/hatif/messages/${MISSING}/markread` }),
      code: 'MESSAGE_NOT_FOUND',
    },
    {
      name: 'POST /hatif/messages/{id}/markdelete',
      call: (_m, t) => ({ method: 'POST', url: `/hatif/messages/${t.message}/markdelete` }),
      missing: () => ({ method: 'POST', url: `/hatif/messages/${MISSING}/markdelete` }),
      code: 'MESSAGE_NOT_FOUND',
    },
    {
      // All or nothing: her own message in the same request is not deleted either.
      name: 'POST /hatif/messages/markdelete (ids)',
      call: (m, t) => bulkDelete({ ids: [m.message, t.message] }),
      missing: (m) => bulkDelete({ ids: [m.message, MISSING] }),
      code: 'MESSAGE_NOT_FOUND',
    },
    {
      name: 'POST /hatif/messages/markdelete (msgids)',
      call: (_m, t) => bulkDelete({ msgids: [t.message] }),
      missing: () => bulkDelete({ msgids: [MISSING] }),
      code: 'MESSAGE_NOT_FOUND',
    },
    {
      name: 'GET /market/purchases/{id}',
      call: (_m, _t, purchase) => ({ method: 'GET', url: `/market/purchases/${purchase}` }),
      missing: () => ({ method: 'GET', url: `/market/purchases/${MISSING}` }),
      code: 'PURCHASE_NOT_FOUND',
    },
  ];

  it.each(cases)('$name: 404 like a missing id, and nothing changes', async (c) => {
    await expectNothingChanged([alice, bob], async () => {
      const theirs = await call({ ...c.call(alice, bob, bobPurchase), cookie: alice.cookie });
      const missing = await call({ ...c.missing(alice), cookie: alice.cookie });
      expect(theirs.statusCode, theirs.body).toBe(404);
      expectErrorShape(theirs, c.name);
      expect(theirs.json().code).toBe(c.code);
      expect(theirs.json()).toEqual(missing.json());
    });
  });

  it.each(cases)('$name: 401 without a session, and nothing changes', async (c) => {
    await expectNothingChanged([alice, bob], async () => {
      const res = await call(c.call(alice, bob, bobPurchase));
      expect(res.statusCode).toBe(401);
      expectErrorShape(res, c.name);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });
  });

  it('lets the owner do the same: the refusals above are about ownership', async () => {
    expect((await bob.api.get(`/ard/lands/${bob.land}`)).status).toBe(200);
    expect((await bob.api.get(`/ard/lands/${bob.land}/balances`)).status).toBe(200);
    expect((await bob.api.get(`/abtal/heroes/${bob.hero}`)).status).toBe(200);
    expect((await bob.api.get(`/market/purchases/${bobPurchase}`)).status).toBe(200);
    const check = await bob.api.post('/misaar/mission/check', {
      missionType: 'DAILYREWARD',
      landid: bob.land,
      heroid: bob.hero,
    });
    expect(check).toMatchObject({ status: 200, body: { ok: true } });
  });

  /**
   * Public profiles are a public view: the rule is the viewer's level (profileLevel3), not
   * ownership. Below level 3 every id answers 403, so the gate tells nothing about ids.
   */
  it('GET /athar/publicprofiles/{id} is gated by level, not ownership', async () => {
    const carol = await newPlayer();
    await expectNothingChanged([carol, bob], async () => {
      for (const id of [bob.id, MISSING]) {
        const locked = await carol.api.get(`/athar/publicprofiles/${id}`);
        expect(locked.status).toBe(403);
        expect(locked.body.code).toBe('FEATURE_LOCKED');
      }
      const anonymous = await call({ method: 'GET', url: `/athar/publicprofiles/${bob.id}` });
      expect(anonymous.statusCode).toBe(401);
    });
    await setProfileLevel(ctx.database.db, carol.id, 3, ctx.clock.now());
    const seen = await carol.api.get(`/athar/publicprofiles/${bob.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      profileid: bob.id,
      nickname: bob.login,
      level: 0,
      vip: expect.any(Number),
      lands: 1,
      // The starter grant's three heroes.
      heroes: 3,
      frame: 'none',
      achievements: { earned: 0, rarest: [] },
      alliance: null,
    });
    expect((await carol.api.get(`/athar/publicprofiles/${MISSING}`)).status).toBe(404);
  });
});
