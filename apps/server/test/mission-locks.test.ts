import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client, starter } from './game-helpers.js';

/**
 * A mission start locks only the player's own hero and land (docs/decisions/0003): naming
 * someone else's row answers 404 at once, however long another transaction holds that row.
 * Holding a row while a request runs needs a second connection: PostgreSQL only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function player() {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  return { api, ...(await starter(api)) };
}

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

describe('mission start locks only the player’s rows', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'another player’s hero or land held elsewhere: 404 at once, not a wait',
    async () => {
      const a = await player();
      const b = await player();
      const db = ctx.database.db;
      let release!: () => void;
      let held!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const holding = new Promise<void>((r) => (held = r));
      // B's own request (say, B's start) holds B's hero and land rows.
      const open = db.transaction(async (tx) => {
        await tx.execute(sql`select id from heroes where id = ${b.resident.heroid} for update`);
        await tx.execute(sql`select id from lands where id = ${b.land.landid} for update`);
        held();
        await gate;
      });
      await holding;
      const start = (landid: number, heroid: number) =>
        a.api.post('/misaar/mission/start', {
          missionType: 'SEARCHELEMENT',
          landid,
          heroid,
          elemid: 1,
        });
      const pending: Promise<unknown>[] = [];
      try {
        const hero = start(a.land.landid, b.resident.heroid);
        pending.push(hero);
        expect(await within2s(hero)).toMatchObject({
          status: 404,
          body: { code: 'HERO_NOT_FOUND' },
        });
        const land = start(b.land.landid, a.resident.heroid);
        pending.push(land);
        expect(await within2s(land)).toMatchObject({
          status: 404,
          body: { code: 'LAND_NOT_FOUND' },
        });
      } finally {
        release();
        await open;
        await Promise.allSettled(pending);
      }
      // Nothing started, and the player's own start still works.
      expect((await a.api.get('/misaar/missions/status/running')).body).toEqual([]);
      expect((await start(a.land.landid, a.resident.heroid)).status).toBe(200);
    },
  );
});
