import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Skill, type UniqueEventDraft } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { settleDueBatch } from '../src/modules/missions/settle.js';
import { createUniqueEvent } from '../src/modules/unique/admin.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, DAY, expectBooksBalanced, HOUR, starter } from './game-helpers.js';

/** Unique missions over HTTP: the list, the gate, start through the mission API, settlement. */
let ctx: TestContext;
beforeAll(async () => {
  // Sessions outlive the clock's jumps to settlement.
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

export const HOARD: UniqueEventDraft = {
  name: "The Dragon's Hoard",
  description: 'A dragon sleeps on a hoard.',
  places: 3,
  requirement: { skill: Skill.Strength, min: 70, minRarity: null },
  reward: { gold: 2000, xp: 6000, items: { SEAL_FIRE: 3 } },
  duration: { baseMinutes: 480, skill: Skill.Strength },
};

async function event(draft: Partial<UniqueEventDraft> = {}, startIn = -HOUR, length = 7 * DAY) {
  const now = ctx.clock.now().getTime();
  return createUniqueEvent(
    ctx.database.db,
    { ...HOARD, ...draft },
    new Date(now + startIn),
    new Date(now + startIn + length),
    ctx.clock.now(),
  );
}

/** A level-9 player whose resident hero has Strength `strength` (all other skills 40). */
async function player(strength = 80, level = 9) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  await ctx.database.db.execute(sql`update profiles set level = ${level} where id = ${profileId}`);
  const s = await starter(api);
  const skills = [40, 40, 40, 40, 40, 40, 40, strength];
  await ctx.database.db.execute(
    sql`update heroes set skills = ${`{${skills.join(',')}}`}::smallint[] where owner_id = ${profileId}`,
  );
  return { api, profileId, ...s };
}

const start = (api: ReturnType<typeof client>, landid: number, heroid: number, eventid: number) =>
  api.post('/misaar/mission/start', { missionType: 'UNIQUE', landid, heroid, eventid });

describe('GET /misaar/unique', () => {
  it('is locked below level 9 with the locked text, and so is starting', async () => {
    const { api, land, resident } = await player(80, 8);
    const id = await event();
    expect(await api.get('/misaar/unique')).toMatchObject({
      status: 403,
      body: {
        code: 'FEATURE_LOCKED',
        message: 'You need to upgrade your profile to at least level nine.',
      },
    });
    expect(await start(api, land.landid, resident.heroid, id)).toMatchObject({
      status: 403,
      body: { message: 'You need to upgrade your profile to at least level nine.' },
    });
  });

  it('lists open and coming events with places, requirement, reward and the caller’s entry', async () => {
    const { api, land, resident } = await player();
    const open = await event({ name: 'Open now' });
    const coming = await event({ name: 'Coming soon' }, 2 * DAY);
    await event({ name: 'Too far ahead' }, 30 * DAY);
    const res = await api.get('/misaar/unique');
    expect(res.status).toBe(200);
    const names = (res.body as Array<{ name: string }>).map((e) => e.name);
    expect(names).toContain('Open now');
    expect(names).toContain('Coming soon');
    expect(names).not.toContain('Too far ahead');
    const list = res.body as Array<Record<string, unknown>>;
    const mine = list.find((e) => e.eventid === open)!;
    expect(mine).toMatchObject({
      status: 'open',
      places: 3,
      placesLeft: 3,
      requirement: {
        skill: 7,
        skillName: 'Strength',
        min: 70,
        minRarity: null,
        text: 'Strength 70',
      },
      reward: {
        gold: 2000,
        xp: 6000,
        items: [{ item_code: 'SEAL_FIRE', item_name: 'Fire Seal', count: 3 }],
        lines: ['2000 gold', '3 x Fire Seal', '6000 XP'],
      },
      joined: null,
    });
    expect(list.find((e) => e.eventid === coming)).toMatchObject({ status: 'coming' });
    expect((await start(api, land.landid, resident.heroid, open)).status).toBe(200);
    const after = ((await api.get('/misaar/unique')).body as Array<Record<string, unknown>>).find(
      (e) => e.eventid === open,
    );
    expect(after).toMatchObject({
      placesLeft: 2,
      joined: { heroid: resident.heroid, name: resident.name },
    });
  });
});

describe('a unique mission', () => {
  it('runs from the hero’s home land and pays gold, XP and items through the books', async () => {
    const { api, land, resident, profileId } = await player();
    const id = await event();
    const check = await api.post('/misaar/mission/check', {
      missionType: 'UNIQUE',
      landid: land.landid,
      heroid: resident.heroid,
      eventid: id,
    });
    // 480 * (1 - 80 / 200) = 288 minutes.
    expect(check.body).toMatchObject({ ok: true, eta: { minutes: 288 } });
    const before = await api.profile();
    const res = await start(api, land.landid, resident.heroid, id);
    expect(res).toMatchObject({ status: 200, body: { missionType: 'UNIQUE', minutes: 288 } });
    ctx.clock.advance(288 * 60_000);
    while ((await settleDueBatch(ctx.database.db, ctx.clock.now(), 50)) > 0);
    const after = await api.profile();
    expect(after.treasury.gold).toBe(before.treasury.gold + 2000);
    const [seals] = await queryRows<{ balance: number }>(
      ctx.database.db,
      sql`select balance from land_items where land_id = ${land.landid} and item_code = 'SEAL_FIRE'`,
    );
    expect(Number(seals?.balance)).toBe(3);
    // Each balance the mission changed has its ledger entry, caused by the mission.
    const ledger = await queryRows<{ asset: string; item_code: string | null; delta: string }>(
      ctx.database.db,
      sql`select asset, item_code, delta::text from ledger
          where cause = 'mission:UNIQUE' and profile_id = ${profileId} order by asset`,
    );
    const entries = ledger.map((l) => [l.asset, l.item_code, Number(l.delta)]);
    expect(entries).toContainEqual(['gold', null, 2000]);
    expect(entries).toContainEqual(['xp', null, 6000]);
    expect(entries.some(([asset, code, n]) => code === 'SEAL_FIRE' && n === 3 && asset)).toBe(true);
    // The achievements count it: the first unique mission earns 'Adventurer'.
    const [progress] = await queryRows<{ value: string }>(
      ctx.database.db,
      sql`select value::text from achievement_progress
          where profile_id = ${profileId} and metric = 'unique_missions'`,
    );
    expect(Number(progress?.value)).toBe(1);
    const earned = await queryRows<{ code: string }>(
      ctx.database.db,
      sql`select code from achievements_earned where profile_id = ${profileId}`,
    );
    expect(earned.map((e) => e.code)).toContain('UNIQUE_1');
    const inbox = await api.get('/hatif/messages?page=1');
    expect(JSON.stringify(inbox.body)).toContain(`${resident.name} completed The Dragon's Hoard`);
    await expectBooksBalanced(ctx);
  });

  it('refuses a weak hero, a hero living elsewhere, a missing event and a second hero', async () => {
    const weak = await player(69);
    const id = await event();
    expect(await start(weak.api, weak.land.landid, weak.resident.heroid, id)).toMatchObject({
      status: 409,
      body: { code: 'UNIQUE_REQUIREMENT', field: 'heroid' },
    });
    const p = await player();
    expect(await start(p.api, p.land.landid, p.homeless.heroid, id)).toMatchObject({
      status: 409,
      body: { code: 'NOT_RESIDENT' },
    });
    expect(await start(p.api, p.land.landid, p.resident.heroid, 999_999)).toMatchObject({
      status: 404,
      body: { code: 'UNIQUE_NOT_FOUND' },
    });
    expect(
      await p.api.post('/misaar/mission/start', {
        missionType: 'UNIQUE',
        landid: p.land.landid,
        heroid: p.resident.heroid,
      }),
    ).toMatchObject({ status: 400, body: { field: 'eventid' } });
    expect((await start(p.api, p.land.landid, p.resident.heroid, id)).status).toBe(200);
    // The second hero moves home first, then tries the same event.
    await ctx.database.db.execute(
      sql`update heroes set residence_id = ${p.land.landid} where id = ${p.homeless.heroid}`,
    );
    expect(await start(p.api, p.land.landid, p.homeless.heroid, id)).toMatchObject({
      status: 409,
      body: { code: 'UNIQUE_JOINED' },
    });
  });

  it('refuses an event not yet open, over, or full', async () => {
    const p = await player();
    const later = await event({}, DAY);
    expect((await start(p.api, p.land.landid, p.resident.heroid, later)).body).toMatchObject({
      code: 'UNIQUE_NOT_OPEN',
    });
    const full = await event({ places: 1 });
    const q = await player();
    expect((await start(q.api, q.land.landid, q.resident.heroid, full)).status).toBe(200);
    expect((await start(p.api, p.land.landid, p.resident.heroid, full)).body).toMatchObject({
      code: 'UNIQUE_FULL',
    });
    const short = await event({}, -HOUR, 2 * HOUR);
    ctx.clock.advance(2 * HOUR);
    expect((await start(p.api, p.land.landid, p.resident.heroid, short)).body).toMatchObject({
      code: 'UNIQUE_CLOSED',
    });
  });
});
