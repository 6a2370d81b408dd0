import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { openLuckyEvent } from '../src/modules/economy/lucky.js';
import { createTestContext, type TestContext } from './helpers.js';
import { economyPlayer } from './economy-helpers.js';
import { HOUR } from './game-helpers.js';

/**
 * The Lucky coin toss, the trader sale and the Skill Pot lock only the player's own land
 * (like a mission start, mission-locks.test.ts): a request naming someone else's land answers
 * 404 at once, however long another transaction holds that land's row. Holding a row while a
 * request runs needs a second connection: that part is PostgreSQL only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  await openLuckyEvent(ctx.database.db, ctx.clock.now(), 24 * 365, 'land-locks test');
});
afterAll(() => ctx.close());

type Player = Awaited<ReturnType<typeof economyPlayer>>;

async function player() {
  const p = await economyPlayer(ctx, {
    level: 10,
    land: { items: { LUCKY_COIN: 2, SKILL_POT: 2, TOWER_STONE: 5 } },
  });
  const heroes = await p.api.heroes();
  const resident = heroes.find((h) => h.residenceid === p.landid)!;
  return { ...p, heroid: resident.heroid };
}

/** The three requests, each naming `landid` for player `p`. */
const REQUESTS: Array<
  [string, (p: Player & { heroid: number }, landid: number) => Promise<unknown>]
> = [
  ['Lucky coin toss', (p, landid) => p.send('/hadath/luckycoin/toss', { landid })],
  [
    'trader sale',
    (p, landid) =>
      p.send('/souq/trader/sell', {
        landid,
        kind: 'item',
        code: 'TOWER_STONE',
        quantity: 1,
        price: 1,
      }),
  ],
  ['Skill Pot', (p, landid) => p.api.post(`/abtal/heroes/${p.heroid}/pot`, { landid, skill: 1 })],
];

/** The answer, or 'still waiting' when it takes longer than two seconds. */
async function within2s<T>(work: Promise<T>): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still waiting'>((resolve) => {
    timer = setTimeout(() => resolve('still waiting'), 2_000);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const landItems = (landid: number) =>
  queryRows<{ item_code: string; balance: number }>(
    ctx.database.db,
    sql`select item_code, balance::int as balance from land_items where land_id = ${landid} order by item_code`,
  );

describe('requests naming another player’s land', () => {
  let a: Awaited<ReturnType<typeof player>>;
  let b: Awaited<ReturnType<typeof player>>;
  beforeAll(async () => {
    a = await player();
    b = await player();
    ctx.clock.advance(HOUR);
  });

  it('answer 404 in the one error shape and change nothing', async () => {
    const before = await landItems(b.landid);
    for (const [name, request] of REQUESTS) {
      const res = await request(a, b.landid);
      expect(res, name).toMatchObject({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Land not found.' },
      });
    }
    expect(await landItems(b.landid)).toEqual(before);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answer 404 at once while another transaction holds that land’s row',
    async () => {
      const db = ctx.database.db;
      let release!: () => void;
      let held!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const holding = new Promise<void>((r) => (held = r));
      // B's own request (say, B's toss) holds B's land row.
      const open = db.transaction(async (tx) => {
        await tx.execute(sql`select id from lands where id = ${b.landid} for update`);
        held();
        await gate;
      });
      await holding;
      const pending: Promise<unknown>[] = [];
      try {
        const answers: Record<string, unknown> = {};
        for (const [name, request] of REQUESTS) {
          const res = request(a, b.landid);
          pending.push(res);
          answers[name] = await within2s(res);
        }
        for (const [name] of REQUESTS)
          expect(answers[name], name).toMatchObject({
            status: 404,
            body: { statusCode: 404, message: 'Land not found.' },
          });
      } finally {
        release();
        await open;
        await Promise.allSettled(pending);
      }
      // The player's own land still serves them.
      expect((await a.send('/hadath/luckycoin/toss', { landid: a.landid })).status).toBe(200);
      expect(
        (await a.api.post(`/abtal/heroes/${a.heroid}/pot`, { landid: a.landid, skill: 1 })).status,
      ).toBe(200);
    },
  );
});
