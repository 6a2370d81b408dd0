import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Element, GAME_CONFIG, Skill } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { grantToLand, grantToProfile } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, expectBooksBalanced, starter } from './game-helpers.js';

/** Hero levels, upskills, pots and seal improvements over HTTP (docs/game-rules.md). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A player at `level` whose resident hero has all skills 40, and `heroXp` hero XP. */
export async function grownPlayer(level: number, heroXp = 0) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  await db().execute(sql`update profiles set level = ${level} where id = ${profileId}`);
  await db().execute(
    sql`update heroes set skills = '{40,40,40,40,40,40,40,40}', xp = ${heroXp} where owner_id = ${profileId}`,
  );
  return { api, profileId, ...(await starter(api)) };
}

const settleAll = async (api: ReturnType<typeof client>) => {
  ctx.clock.advance(DAY);
  return api.heroes();
};

describe('HEROLEVELUP', () => {
  it('takes gold and elementals, settles level + 1 and 8 points, and gives hero XP', async () => {
    const { api, profileId, land, resident } = await grownPlayer(6, 4000);
    await grantToProfile(db(), profileId, { gold: 1000 }, ctx.clock.now());
    await grantToLand(
      db(),
      land.landid,
      { elementals: { element: resident.element as Element, amount: 500 } },
      ctx.clock.now(),
    );
    const body = { missionType: 'HEROLEVELUP', landid: land.landid, heroid: resident.heroid };
    const check = await api.post('/misaar/mission/check', body);
    expect(check.body).toMatchObject({ ok: true, eta: { minutes: 192 } });
    const gold = (await api.profile()).treasury.gold;
    expect((await api.post('/misaar/mission/start', body)).status).toBe(200);
    expect((await api.profile()).treasury.gold).toBe(gold - 500);
    const hero = (await settleAll(api)).find((h) => h.heroid === resident.heroid)!;
    // 4,000 + 1,000 profile XP / 5.
    expect(hero).toMatchObject({ level: 1, xp: 4200, pointsLeft: 8, xpToNext: 5800 });
    // Counted for the achievements (hero level 3 and 5 goals) at settlement.
    const [best] = await queryRows<{ value: number | string }>(
      db(),
      sql`select value from achievement_progress where profile_id = ${profileId} and metric = 'hero_level_max'`,
    );
    expect(Number(best?.value)).toBe(1);
    // The mission keeps what it did, for the log and the toast; the report is in the inbox.
    const [done] = await queryRows<{ level: string; subject: string }>(
      db(),
      sql`select m.result->>'heroLevel' as level,
            (select subject from messages where profile_id = ${profileId} and kind = 'mission'
             order by id desc limit 1) as subject
          from missions m where m.hero_id = ${resident.heroid} and m.type = 'HEROLEVELUP'`,
    );
    expect(done).toEqual({ level: '1', subject: `${resident.name} reached level 1` });
    await expectBooksBalanced(ctx);
  });

  it('lets parallel level-ups take the treasury gold there is, never more', async () => {
    const { api, profileId, land, resident, homeless } = await grownPlayer(6, 4000);
    await db().execute(
      sql`update heroes set residence_id = ${land.landid}, element = 0 where owner_id = ${profileId}`,
    );
    const now = ctx.clock.now();
    await grantToLand(
      db(),
      land.landid,
      { elementals: { element: Element.Air, amount: 1000 } },
      now,
    );
    const gold = (await api.profile()).treasury.gold;
    // Enough for one level-up (500) and not two.
    await grantToProfile(db(), profileId, { gold: 900 - gold }, now);
    const starts = await Promise.all(
      [resident, homeless].map((h) =>
        api.post('/misaar/mission/start', {
          missionType: 'HEROLEVELUP',
          landid: land.landid,
          heroid: h.heroid,
        }),
      ),
    );
    expect(starts.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(starts.find((r) => r.status === 409)?.body.message).toBe(
      'Not enough: 500 treasury gold (you have 400).',
    );
    expect((await api.profile()).treasury.gold).toBe(400);
    await expectBooksBalanced(ctx);
  });

  it('refuses without the hero XP, and below profile level 6', async () => {
    const young = await grownPlayer(6, 3999);
    const body = {
      missionType: 'HEROLEVELUP',
      landid: young.land.landid,
      heroid: young.resident.heroid,
    };
    const res = await young.api.post('/misaar/mission/start', body);
    expect(res).toMatchObject({ status: 409, body: { code: 'HERO_XP_SHORT' } });
    const low = await grownPlayer(5, 4000);
    const locked = { ...body, landid: low.land.landid, heroid: low.resident.heroid };
    expect((await low.api.post('/misaar/mission/start', locked)).status).toBe(403);
  });

  it('gives every settled mission hero XP: a fifth of its profile XP', async () => {
    const { api, land, resident } = await grownPlayer(6);
    const body = { missionType: 'DAILYREWARD', landid: land.landid, heroid: resident.heroid };
    expect((await api.post('/misaar/mission/start', body)).status).toBe(200);
    const hero = (await settleAll(api)).find((h) => h.heroid === resident.heroid)!;
    const { heroGrowth, missions } = GAME_CONFIG;
    const xp = missions.DAILYREWARD.xp / heroGrowth.xpDivisor;
    expect(hero).toMatchObject({ level: 0, xp, xpToNext: heroGrowth.levelXp[0] - xp });
  });
});

describe('upskills', () => {
  it('spends points into skills, and refuses what the rules refuse', async () => {
    const { api, resident, profileId } = await grownPlayer(6);
    await db().execute(sql`update heroes set level = 2 where owner_id = ${profileId}`);
    const url = `/abtal/heroes/${resident.heroid}/upskills`;
    const ok = await api.post(url, { skills: [10, 0, 0, 0, 0, 0, 0, 2] });
    expect(ok.body).toMatchObject({
      level: 2,
      pointsLeft: 4,
      upskills: [10, 0, 0, 0, 0, 0, 0, 2],
      baseSkills: [40, 40, 40, 40, 40, 40, 40, 40],
      skills: [50, 40, 40, 40, 40, 40, 40, 42],
    });
    const over = await api.post(url, { skills: [0, 5, 0, 0, 0, 0, 0, 0] });
    expect(over).toMatchObject({
      status: 409,
      body: {
        code: 'NOT_ENOUGH_POINTS',
        message: 'That spends 5 points, but the hero has 4 left.',
      },
    });
    const bad = await api.post(url, { skills: [1, 2] });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.body.message).toContain('skills');
    await db().execute(
      sql`update heroes set skills = '{95,40,40,40,40,40,40,40}' where owner_id = ${profileId}`,
    );
    const capped = await api.post(url, { skills: [1, 0, 0, 0, 0, 0, 0, 0] });
    expect(capped).toMatchObject({ status: 400, body: { field: 'skills' } });
    const other = await grownPlayer(6);
    const theirs = await other.api.post(url, { skills: [0, 0, 0, 0, 0, 0, 0, 0] });
    expect(theirs.status).toBe(404);
  });

  it('is locked below profile level 6', async () => {
    const { api, resident } = await grownPlayer(5);
    const res = await api.post(`/abtal/heroes/${resident.heroid}/upskills`, {
      skills: [0, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(res).toMatchObject({
      status: 403,
      body: { message: 'You need to upgrade your profile to at least level six.' },
    });
  });

  it('lets parallel spends take exactly the points there are', async () => {
    const { api, resident, profileId } = await grownPlayer(6);
    await db().execute(sql`update heroes set level = 1 where owner_id = ${profileId}`);
    const url = `/abtal/heroes/${resident.heroid}/upskills`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const skills = [0, 0, 0, 0, 0, 0, 0, 0];
        skills[i % 8] = 1;
        return api.post(url, { skills });
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(8);
    expect(results.filter((r) => r.status === 409)).toHaveLength(12);
    const hero = (await api.heroes()).find((h) => h.heroid === resident.heroid)!;
    expect(hero.pointsLeft).toBe(0);
    expect(hero.upskills.reduce((a, b) => a + b, 0)).toBe(8);
  });
});

describe('Skill Pots', () => {
  it('uses one pot from the residence for +15 for 24 hours, one at a time', async () => {
    const { api, land, resident, homeless } = await grownPlayer(4);
    const url = `/abtal/heroes/${resident.heroid}/pot`;
    const body = { landid: land.landid, skill: Skill.Luck };
    expect(await api.post(url, body)).toMatchObject({
      status: 409,
      body: { code: 'NO_SKILL_POT' },
    });
    await grantToLand(db(), land.landid, { items: { SKILL_POT: 2 } }, ctx.clock.now());
    const away = await api.post(`/abtal/heroes/${homeless.heroid}/pot`, body);
    expect(away).toMatchObject({ status: 409, body: { code: 'NOT_LIVING_THERE' } });
    const used = await api.post(url, body);
    expect(used.status).toBe(200);
    expect(used.body.skills[Skill.Luck]).toBe(55);
    expect(used.body.pot.skill).toBe(Skill.Luck);
    const until = new Date(used.body.pot.until).getTime() - ctx.clock.now().getTime();
    expect(until).toBe(DAY);
    expect(await api.post(url, body)).toMatchObject({ status: 409, body: { code: 'POT_ACTIVE' } });
    const [pots] = await queryRows<{ balance: number | string }>(
      db(),
      sql`select balance from land_items where land_id = ${land.landid} and item_code = 'SKILL_POT'`,
    );
    expect(Number(pots?.balance)).toBe(1);
    ctx.clock.advance(DAY);
    const later = (await api.heroes()).find((h) => h.heroid === resident.heroid)!;
    expect(later).toMatchObject({ pot: null });
    expect(later.skills[Skill.Luck]).toBe(40);
    await expectBooksBalanced(ctx);
  });

  it('is locked below profile level 4 and 404 for another player', async () => {
    const { api, land, resident } = await grownPlayer(3);
    const body = { landid: land.landid, skill: 0 };
    expect((await api.post(`/abtal/heroes/${resident.heroid}/pot`, body)).status).toBe(403);
    const other = await grownPlayer(4);
    expect((await other.api.post(`/abtal/heroes/${resident.heroid}/pot`, body)).status).toBe(404);
    expect(
      (await other.api.post(`/abtal/heroes/${other.resident.heroid}/pot`, { ...body, skill: 8 }))
        .status,
    ).toBe(400);
  });
});

describe('IMPROVESEAL', () => {
  it('needs a Rare seal, takes seal items and shards, and lowers the drain', async () => {
    const { api, land, resident } = await grownPlayer(7);
    const body = {
      missionType: 'IMPROVESEAL',
      landid: land.landid,
      heroid: resident.heroid,
      elemid: Element.Fire,
    };
    const weak = await api.post('/misaar/mission/check', body);
    expect(weak.body).toMatchObject({ ok: false, errorCode: 'SEAL_TOO_WEAK' });
    await db().execute(
      sql`update land_elements set seals = 3 where land_id = ${land.landid} and element = 1`,
    );
    await grantToLand(
      db(),
      land.landid,
      { items: { SEAL_FIRE: 1 }, shards: { element: Element.Fire, amount: 2 } },
      ctx.clock.now(),
    );
    expect((await api.post('/misaar/mission/start', body)).status).toBe(200);
    const lands = await (async () => {
      ctx.clock.advance(DAY);
      await api.heroes();
      return api.lands();
    })();
    const after = lands.find((l) => l.landid === land.landid)!;
    expect(after.vault.steps[Element.Fire]).toBe(1);
    expect(after.vault.drain[Element.Fire]).toBeCloseTo(0.045 * 0.85, 10);
    expect(after.shards[Element.Fire]).toBe(0);
    await expectBooksBalanced(ctx);
  });
});
