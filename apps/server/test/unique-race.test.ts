import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Skill } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { AppError } from '../src/lib/errors.js';
import { startMission } from '../src/modules/missions/service.js';
import { createUniqueEvent } from '../src/modules/unique/admin.js';
import { ensureRotation } from '../src/modules/unique/rotation.js';
import { createAccount, placeholderAddress } from '../src/core/accounts.js';
import { grantStarter } from '../src/modules/world/starter.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, HOUR } from './game-helpers.js';

/**
 * The last places of a unique mission and the default rotation under parallel requests. On
 * PostgreSQL (TEST_DATABASE_URL) the starts really run at once on separate connections; on
 * PGlite they interleave on one.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** `count` level-9 players, each with its three starter heroes at home, all of Strength 90. */
async function players(count: number) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const login = `taker_${Date.now().toString(36)}_${i}`;
    const { userId } = await db.transaction((tx) =>
      createAccount(
        tx,
        {
          login,
          email: `${login}@example.com`,
          address: placeholderAddress(),
          passwordHash: 'x',
          now,
        },
        [grantStarter],
      ),
    );
    ids.push(userId);
  }
  const list = sql.raw(`(${ids.join(',')})`);
  await db.execute(sql`update profiles set level = 9 where id in ${list}`);
  // Every hero lives on the starter land and is strong enough.
  await db.execute(sql`update heroes h set skills = '{40,40,40,40,40,40,40,90}',
      residence_id = (select id from lands l where l.owner_id = h.owner_id limit 1)
    where owner_id in ${list}`);
  const rows = await queryRows<{ owner_id: number; land: number; heroes: number[] }>(
    db,
    sql`select h.owner_id, min(h.residence_id) as land, array_agg(h.id order by h.id) as heroes
        from heroes h where h.owner_id in ${list} group by h.owner_id order by h.owner_id`,
  );
  return rows.map((r) => ({ profileId: r.owner_id, landid: r.land, heroes: r.heroes }));
}

async function event(places: number) {
  const now = ctx.clock.now().getTime();
  return createUniqueEvent(
    ctx.database.db,
    {
      name: 'The Last Places',
      description: '',
      places,
      requirement: { skill: Skill.Strength, min: 70, minRarity: null },
      reward: { gold: 100, xp: 100, items: {} },
      duration: { baseMinutes: 60, skill: Skill.Strength },
    },
    new Date(now - HOUR),
    new Date(now + DAY),
    ctx.clock.now(),
  );
}

async function attempt(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(ctx.database.db, query))[0]?.n);

describe('unique mission races', () => {
  it('100 parallel takers of 10 places: exactly 10 missions', { timeout: 120_000 }, async () => {
    const takers = await players(100);
    const eventid = await event(10);
    const now = ctx.clock.now();
    const results = await Promise.all(
      takers.map((p) =>
        attempt(() =>
          startMission(
            ctx.database.db,
            p.profileId,
            { missionType: 'UNIQUE', landid: p.landid, heroid: p.heroes[0]!, eventid },
            now,
          ),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'UNIQUE_FULL')).toHaveLength(90);
    expect(
      await count(sql`select count(*)::int as n from missions m where m.type = 'UNIQUE'
        and (m.params->>'eventid')::int = ${eventid}`),
    ).toBe(10);
    expect(await count(sql`select places_left as n from unique_events where id = ${eventid}`)).toBe(
      0,
    );
    expect(
      await count(sql`select count(*)::int as n from unique_entries where event_id = ${eventid}`),
    ).toBe(10);
  });

  it('one player sending two heroes at once: one goes', async () => {
    const [p] = await players(1);
    const eventid = await event(10);
    const now = ctx.clock.now();
    // Two of the starter grant's three heroes.
    const two = p!.heroes.slice(0, 2);
    const results = await Promise.all(
      two.map((heroid) =>
        attempt(() =>
          startMission(
            ctx.database.db,
            p!.profileId,
            { missionType: 'UNIQUE', landid: p!.landid, heroid, eventid },
            now,
          ),
        ),
      ),
    );
    expect(results.sort()).toEqual(['UNIQUE_JOINED', 'ok']);
    expect(await count(sql`select places_left as n from unique_events where id = ${eventid}`)).toBe(
      9,
    );
  });

  it('the rotation event of a week is created once by many callers', async () => {
    // A week with nothing open: far from every event the other tests made.
    const later = new Date(ctx.clock.now().getTime() + 60 * DAY);
    const created = await Promise.all(
      Array.from({ length: 20 }, () => ensureRotation(ctx.database.db, later)),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(
      await count(sql`select count(*)::int as n from unique_events
        where starts_at <= ${later} and ends_at > ${later} and week_key is not null`),
    ).toBe(1);
  });
});
