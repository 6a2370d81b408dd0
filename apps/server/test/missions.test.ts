import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  carryCapacity,
  GAME_CONFIG,
  missionDuration,
  MISSION_TYPE_LIST,
  Skill,
  type Skills,
} from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { grantToLand, setProfileLevel } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, expectBooksBalanced, starter, type Client } from './game-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  // Game tests jump days ahead; sessions outlive the jumps so the clock is the only subject.
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const profileId = (
    await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where login = ${p.login}`,
    )
  )[0]!.id;
  return { api, profileId, ...(await starter(api)) };
}

const body = (missionType: string, landid: number, heroid: number, extra: object = {}) => ({
  missionType,
  landid,
  heroid,
  ...extra,
});

/** The player's mission reports and other messages, without achievement notes. */
async function inbox(profileId: number) {
  return queryRows<{ subject: string; body: string }>(
    ctx.database.db,
    sql`select subject, body from messages where profile_id = ${profileId}
        and subject not like 'Achievement earned:%' order by id`,
  );
}

/** XP from achievements the missions earned (docs/game-rules.md, Achievements), set apart. */
async function achievementXp(profileId: number) {
  const [row] = await queryRows<{ xp: number }>(
    ctx.database.db,
    sql`select coalesce(sum(delta), 0)::float8 as xp from ledger
        where profile_id = ${profileId} and asset = 'xp' and cause = 'achievement'`,
  );
  return row!.xp;
}

describe('the starter grant', () => {
  it('gives a new player one Valley land on Aleph with a day of gold and three Common heroes', async () => {
    const { api, land, homeless, profileId } = await newPlayer();
    expect(await api.lands()).toHaveLength(1);
    expect(land).toMatchObject({
      continent: 0,
      terrain_type: 0,
      name: null,
      elements: [0, 0, 0, 0],
      shards: [0, 0, 0, 0],
    });
    // Four towers at level 0 make 25 gold a day each; the land has produced for a day.
    expect(land.gold).toEqual({ leftover: 100, cap: 700, productivity: 100 });
    expect(land.vault.cap).toEqual([1000, 1000, 1000, 1000]);
    expect(land.vault.drain).toEqual([0.1, 0.1, 0.1, 0.1]);
    // Two live on the land, the third has no residence.
    const heroes = await api.heroes();
    expect(heroes).toHaveLength(3);
    expect(heroes.filter((h) => h.residenceid === land.landid)).toHaveLength(2);
    expect(heroes.filter((h) => h.residenceid === null)).toEqual([homeless]);
    for (const hero of heroes) {
      expect(hero.rarity).toBe(0);
      expect(hero.skills).toHaveLength(8);
      expect(hero.skills.every((s) => s >= 5 && s <= 30)).toBe(true);
      expect(hero).toMatchObject({ busy: false, eta: null, generation: 0 });
    }
    const messages = await inbox(profileId);
    expect(messages[0]?.subject).toMatch(/^Welcome to Lands of Aleph/);
    expect(messages[0]?.body).toContain(
      'You hold a land on the continent of Aleph and three heroes. Two live on your land; the third has no home yet.',
    );
  });

  it('produces gold on the clock up to the cap', async () => {
    const { api, land } = await newPlayer();
    // 100 a day: the starter day's 100, then half a day more.
    ctx.clock.advance(DAY / 2);
    expect((await api.get(`/ard/lands/${land.landid}`)).body.gold.leftover).toBe(150);
    ctx.clock.advance(30 * DAY);
    expect((await api.get(`/ard/lands/${land.landid}`)).body.gold.leftover).toBe(700);
  });
});

describe('mission types', () => {
  it('describes every type and refuses an unknown one', async () => {
    const { api } = await newPlayer();
    for (const type of MISSION_TYPE_LIST) {
      const res = await api.get(`/misaar/mistypes/${type}/requirements`);
      expect(res.status).toBe(200);
      expect(res.body.missionName.length).toBeGreaterThan(2);
      expect(res.body.parameters).toEqual(expect.arrayContaining(['landid', 'heroid']));
    }
    const tower = await api.get('/misaar/mistypes/UPGRADETOWER/requirements');
    expect(tower.body.parameters).toEqual(['landid', 'heroid', 'elemid', 'currentLevel']);
    expect(tower.body.misRequirements).toEqual({ resident: true });
    expect((await api.get('/misaar/mistypes/GOLDCLAIM/requirements')).body.misRequirements).toEqual(
      { resident: false },
    );
    expect((await api.get('/misaar/mistypes/NOPE/requirements')).status).toBe(404);
  });
});

describe('GOLDCLAIM', () => {
  it('runs from check to settlement and moves the gold into the treasury', async () => {
    const { api, land, homeless, resident, profileId } = await newPlayer();
    ctx.clock.advance(DAY);
    const check = await api.post(
      '/misaar/mission/check',
      body('GOLDCLAIM', land.landid, homeless.heroid),
    );
    expect(check.status).toBe(200);
    expect(check.body.ok).toBe(true);
    const minutes = missionDuration(
      'GOLDCLAIM',
      { skills: homeless.skills as unknown as Skills, residence: null },
      { continent: 0, x: land.x, y: land.y, towers: [0, 0, 0, 0], seals: [0, 0, 0, 0] },
    );
    expect(check.body.eta.minutes).toBe(minutes);
    // The resident hero cannot claim its own land: GOLDCLAIM is a non-resident mission.
    const wrongHero = await api.post(
      '/misaar/mission/check',
      body('GOLDCLAIM', land.landid, resident.heroid),
    );
    expect(wrongHero.body).toMatchObject({ ok: false, errorCode: 'ALREADY_RESIDENT' });

    const start = await api.post(
      '/misaar/mission/start',
      body('GOLDCLAIM', land.landid, homeless.heroid),
    );
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      ok: true,
      missionType: 'GOLDCLAIM',
      landid: land.landid,
      minutes,
    });
    const busy = (await api.heroes()).find((h) => h.heroid === homeless.heroid);
    expect(busy).toMatchObject({ busy: true, eta: start.body.eta });
    const running = await api.get('/misaar/missions/status/running');
    expect(running.body).toEqual([
      expect.objectContaining({
        desc_name: expect.any(String),
        landid: land.landid,
        heroid: homeless.heroid,
        eta: start.body.eta,
      }),
    ]);
    const again = await api.post(
      '/misaar/mission/start',
      body('GOLDCLAIM', land.landid, homeless.heroid),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('HERO_BUSY');

    ctx.clock.advance(minutes * 60_000);
    // The read settles the player's own due mission first.
    const profile = await api.profile();
    // 100 a day: the starter day's and the day waited (200), then the mission's minutes.
    const moved = Math.min(
      200 + Math.floor((minutes / 1440) * 100),
      carryCapacity(homeless.skills[Skill.Charisma]!),
    );
    expect(profile.treasury.gold).toBe(moved);
    expect(profile.level.profilePoints - (await achievementXp(profileId))).toBe(
      GAME_CONFIG.missions.GOLDCLAIM.xpPerGold * moved,
    );
    expect((await api.get(`/ard/lands/${land.landid}`)).body.gold.leftover).toBeLessThanOrEqual(
      Math.floor(200 + (minutes / 1440) * 100) - moved,
    );
    expect((await api.heroes()).find((h) => h.heroid === homeless.heroid)).toMatchObject({
      busy: false,
      eta: null,
    });
    expect((await api.get('/misaar/missions/status/running')).body).toEqual([]);
    const messages = await inbox(profileId);
    expect(messages.at(-1)?.subject).toContain(`${moved} gold`);
    await expectBooksBalanced(ctx);
  });

  it('refuses a claim when nothing is on the land', async () => {
    const { api, land, homeless } = await newPlayer();
    // The starter land holds a day of gold (100, less than any hero carries): claim it first.
    const first = await api.post(
      '/misaar/mission/start',
      body('GOLDCLAIM', land.landid, homeless.heroid),
    );
    expect(first.status).toBe(200);
    ctx.clock.advance(first.body.minutes * 60_000);
    expect((await api.profile()).treasury.gold).toBeGreaterThanOrEqual(100);
    expect((await api.get(`/ard/lands/${land.landid}`)).body.gold.leftover).toBe(0);
    const res = await api.post(
      '/misaar/mission/start',
      body('GOLDCLAIM', land.landid, homeless.heroid),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOTHING_TO_CLAIM');
  });
});

describe('DAILYREWARD', () => {
  it('pays 100 gold and an item once per UTC day', async () => {
    const { api, land, resident, profileId } = await newPlayer();
    const start = await api.post(
      '/misaar/mission/start',
      body('DAILYREWARD', land.landid, resident.heroid),
    );
    expect(start.status).toBe(200);
    ctx.clock.advance(start.body.minutes * 60_000);
    expect((await api.profile()).treasury.gold).toBe(100);
    const items = await api.get(`/ard/lands/${land.landid}/balances`);
    expect(items.body).toHaveLength(1);
    expect(items.body[0]).toMatchObject({
      balance: 1,
      item_type: expect.stringMatching(/^(item|stuff)$/),
    });
    const again = await api.post(
      '/misaar/mission/start',
      body('DAILYREWARD', land.landid, resident.heroid),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DAILY_LIMIT');
    // The daily missions widget's data is a level-2 feature (docs/screens.md, Feature gates).
    await ctx.database.db.execute(sql`update profiles set level = 2 where id = ${profileId}`);
    const stat = await api.get('/dashboard/stat');
    expect(stat.body.daily).toEqual({ daily: true, seal: false });
    expect((await inbox(profileId)).at(-1)?.subject).toMatch(/^Daily reward/);
    await expectBooksBalanced(ctx);
  });

  it('refuses a hero who does not live on the land', async () => {
    const { api, land, homeless } = await newPlayer();
    const res = await api.post(
      '/misaar/mission/start',
      body('DAILYREWARD', land.landid, homeless.heroid),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOT_RESIDENT');
  });
});

describe('HUNTSEAL', () => {
  it('is locked below profile level 2 and then runs', async () => {
    const { api, land, resident, profileId } = await newPlayer();
    const locked = await api.post(
      '/misaar/mission/start',
      body('HUNTSEAL', land.landid, resident.heroid),
    );
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('FEATURE_LOCKED');
    await setProfileLevel(ctx.database.db, profileId, 2, ctx.clock.now());
    const start = await api.post(
      '/misaar/mission/start',
      body('HUNTSEAL', land.landid, resident.heroid),
    );
    expect(start.status).toBe(200);
    ctx.clock.advance(start.body.minutes * 60_000);
    const xp = (await api.profile()).level.profilePoints - (await achievementXp(profileId));
    expect([400, 800]).toContain(xp);
    const items = (await api.get(`/ard/lands/${land.landid}/balances`)).body as Array<{
      item_code: string;
    }>;
    expect(items.length).toBe(xp === 800 ? 1 : 0);
    await expectBooksBalanced(ctx);
  });
});

describe('TRANSFERHERO', () => {
  it('moves a hero without residence onto the land', async () => {
    const { api, land, homeless } = await newPlayer();
    const start = await api.post(
      '/misaar/mission/start',
      body('TRANSFERHERO', land.landid, homeless.heroid),
    );
    expect(start.status).toBe(200);
    ctx.clock.advance(start.body.minutes * 60_000);
    expect((await api.heroes()).find((h) => h.heroid === homeless.heroid)?.residenceid).toBe(
      land.landid,
    );
    // The starter's two residents and the newcomer.
    expect((await api.get(`/ard/lands/${land.landid}`)).body.residents).toBe(3);
  });
});

describe('UPGRADETOWER', () => {
  it('needs elementals and tower stones, refuses a stale level, and raises the tower', async () => {
    const { api, land, resident, profileId } = await newPlayer();
    const params = body('UPGRADETOWER', land.landid, resident.heroid, {
      elemid: 1,
      currentLevel: 0,
    });
    const short = await api.post('/misaar/mission/check', params);
    expect(short.body).toMatchObject({ ok: false, errorCode: 'INGREDIENTS_MISSING' });
    expect(short.body.ingredients.elementals.enough).toBe(false);
    expect(short.body.ingredients.items).toEqual({ need: 1, enough: false });
    expect((await api.post('/misaar/mission/start', params)).status).toBe(409);

    await grantToLand(
      ctx.database.db,
      land.landid,
      { items: { TOWER_STONE: 2 }, elementals: { element: 1, amount: 500 } },
      ctx.clock.now(),
    );
    const stale = await api.post('/misaar/mission/start', { ...params, currentLevel: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_LEVEL');
    const ok = await api.post('/misaar/mission/check', params);
    expect(ok.body.ok).toBe(true);
    const need = ok.body.ingredients.elementals.need as number;
    expect(need).toBeLessThanOrEqual(100);

    const start = await api.post('/misaar/mission/start', params);
    expect(start.status).toBe(200);
    const during = (await api.get(`/ard/lands/${land.landid}`)).body;
    expect(during.vault.volume[1]).toBe(500 - need);
    expect((await api.get(`/ard/lands/${land.landid}/balances`)).body[0]).toMatchObject({
      item_code: 'TOWER_STONE',
      balance: 1,
    });
    ctx.clock.advance(start.body.minutes * 60_000);
    const after = (await api.get(`/ard/lands/${land.landid}`)).body;
    expect(after.elements).toEqual([0, 1, 0, 0]);
    // Towers [0, 1, 0, 0]: 25 + 40 + 25 + 25.
    expect(after.gold.productivity).toBe(115);
    expect(after.vault.cap[1]).toBe(2000);
    expect((await api.profile()).level.profilePoints - (await achievementXp(profileId))).toBe(300);
    expect(profileId).toBeGreaterThan(0);
    await expectBooksBalanced(ctx);
  });
});

describe('UPGRADESEAL', () => {
  it('is locked below level 3, then spends seal items and raises the seal', async () => {
    const { api, land, resident, profileId } = await newPlayer();
    const params = body('UPGRADESEAL', land.landid, resident.heroid, { elemid: 2, currentSeal: 0 });
    expect((await api.post('/misaar/mission/start', params)).status).toBe(403);
    await setProfileLevel(ctx.database.db, profileId, 3, ctx.clock.now());
    expect((await api.post('/misaar/mission/start', params)).body.code).toBe('INGREDIENTS_MISSING');
    await grantToLand(
      ctx.database.db,
      land.landid,
      { items: { SEAL_WATER: 1 }, elementals: { element: 2, amount: 100 } },
      ctx.clock.now(),
    );
    expect((await api.post('/misaar/mission/start', { ...params, currentSeal: 1 })).body.code).toBe(
      'STALE_SEAL',
    );
    const start = await api.post('/misaar/mission/start', params);
    expect(start.status).toBe(200);
    ctx.clock.advance(start.body.minutes * 60_000);
    const after = (await api.get(`/ard/lands/${land.landid}`)).body;
    expect(after.vault.seals).toEqual([0, 0, 1, 0]);
    expect(after.vault.drain[2]).toBe(0.08);
    expect((await api.get(`/ard/lands/${land.landid}/balances`)).body).toEqual([]);
    await expectBooksBalanced(ctx);
  });
});

describe('SEARCHELEMENT', () => {
  it('adds elementals to the vault', async () => {
    const { api, land, resident } = await newPlayer();
    const start = await api.post(
      '/misaar/mission/start',
      body('SEARCHELEMENT', land.landid, resident.heroid, { elemid: 0 }),
    );
    expect(start.status).toBe(200);
    ctx.clock.advance(start.body.minutes * 60_000);
    const luck = resident.skills[Skill.Luck]!;
    const found = Math.floor((30 + luck / 2) * (land.element === 0 ? 1.5 : 1));
    expect((await api.get(`/ard/lands/${land.landid}`)).body.vault.volume[0]).toBe(found);
    await expectBooksBalanced(ctx);
  });

  it('searches for the hours asked: what it finds and its XP are per hour', async () => {
    const { api, land, resident, profileId } = await newPlayer();
    const params = body('SEARCHELEMENT', land.landid, resident.heroid, { elemid: 0, hours: 3 });
    const minutes = missionDuration(
      'SEARCHELEMENT',
      { skills: resident.skills as unknown as Skills, residence: null },
      { continent: 0, x: land.x, y: land.y, towers: [0, 0, 0, 0], seals: [0, 0, 0, 0] },
      { elemid: 0, hours: 3 },
    );
    const start = await api.post('/misaar/mission/start', params);
    expect(start.status).toBe(200);
    expect(start.body.minutes).toBe(minutes);
    ctx.clock.advance(minutes * 60_000);
    const luck = resident.skills[Skill.Luck]!;
    const found = Math.floor((30 + luck / 2) * 3 * (land.element === 0 ? 1.5 : 1));
    expect((await api.get(`/ard/lands/${land.landid}`)).body.vault.volume[0]).toBe(found);
    expect((await api.profile()).level.profilePoints - (await achievementXp(profileId))).toBe(
      3 * GAME_CONFIG.missions.SEARCHELEMENT.xp,
    );
    const tooLong = await api.post('/misaar/mission/start', { ...params, hours: 25 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('hours');
    await expectBooksBalanced(ctx);
  });

  it('refuses a missing or bad elemid, naming the field', async () => {
    const { api, land, resident } = await newPlayer();
    const missing = await api.post(
      '/misaar/mission/start',
      body('SEARCHELEMENT', land.landid, resident.heroid),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('elemid');
    const bad = await api.post(
      '/misaar/mission/start',
      body('SEARCHELEMENT', land.landid, resident.heroid, { elemid: 7 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('elemid');
  });
});

describe('ownership and bad input', () => {
  let me: Awaited<ReturnType<typeof newPlayer>>;
  let other: Awaited<ReturnType<typeof newPlayer>>;
  beforeAll(async () => {
    me = await newPlayer();
    other = await newPlayer();
  });

  it("answers another player's land and hero with 404 everywhere", async () => {
    const api: Client = me.api;
    expect((await api.get(`/ard/lands/${other.land.landid}`)).status).toBe(404);
    expect((await api.get(`/ard/lands/${other.land.landid}/balances`)).status).toBe(404);
    expect((await api.get(`/abtal/heroes/${other.homeless.heroid}`)).status).toBe(404);
    expect((await api.get('/ard/lands/999999')).status).toBe(404);
    for (const url of ['/misaar/mission/check', '/misaar/mission/start']) {
      expect(
        (await api.post(url, body('GOLDCLAIM', other.land.landid, me.homeless.heroid))).status,
      ).toBe(404);
      expect(
        (await api.post(url, body('GOLDCLAIM', me.land.landid, other.homeless.heroid))).status,
      ).toBe(404);
    }
  });

  it('names the field of a bad body and changes nothing', async () => {
    const api = me.api;
    const cases: Array<[object, string]> = [
      [{ landid: me.land.landid, heroid: me.homeless.heroid }, 'missionType'],
      [body('FLY', me.land.landid, me.homeless.heroid), 'missionType'],
      [{ missionType: 'GOLDCLAIM', heroid: me.homeless.heroid }, 'landid'],
      [body('GOLDCLAIM', -1, me.homeless.heroid), 'landid'],
      [body('GOLDCLAIM', me.land.landid, 'x' as unknown as number), 'heroid'],
      [
        body('UPGRADETOWER', me.land.landid, me.resident.heroid, { elemid: 0, currentLevel: 11 }),
        'currentLevel',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await api.post('/misaar/mission/start', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await api.get('/misaar/missions/status/running')).body).toEqual([]);
    expect((await api.get('/ard/lands/abc')).status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    for (const url of [
      '/ard/lands',
      '/abtal/heroes',
      '/dashboard/stat',
      '/misaar/missions/status/running',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/misaar/mission/start',
      payload: body('GOLDCLAIM', 1, 1),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('dashboard', () => {
  it('counts heroes and lists lands for the gold widget', async () => {
    const { api, land, profileId } = await newPlayer();
    // The gold attention and daily missions widgets are level-2 features (dashboard.test.ts
    // has the levels below).
    await ctx.database.db.execute(sql`update profiles set level = 2 where id = ${profileId}`);
    ctx.clock.advance(DAY);
    const stat = await api.get('/dashboard/stat');
    expect(stat.status).toBe(200);
    expect(stat.body.heroes).toEqual({ ok: true, data: { busy: 0, idle: 3, noResidence: 1 } });
    expect(stat.body.daily).toEqual({ daily: false, seal: false });
    expect(stat.body.gold).toEqual([
      // The starter day's 100 and the day waited.
      { landid: land.landid, leftover: 200, cap: 700, mission: false },
    ]);
    expect(stat.body.announces).toEqual([]);
  });
});
