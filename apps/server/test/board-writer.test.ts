import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { addBoardScore } from '../src/core/boards.js';
import { setProfileLevel } from '../src/modules/world/grants.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client } from './game-helpers.js';

/**
 * Board scores have one writer. Ties go to whoever reached the score first
 * (docs/game-rules.md, section on weekly boards), so a score counts as reached when its latest points were earned.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ boardCacheMs: 0 });
});
afterAll(() => ctx.close());

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  return { api: client(ctx, p.cookie), id: row!.id };
}

describe('board score writer', () => {
  it('points dated earlier (a mission settled late) do not make a score look reached earlier', async () => {
    const db = ctx.database.db;
    const a = await newPlayer();
    const b = await newPlayer();
    await setProfileLevel(db, a.id, 1, ctx.clock.now());
    const t = ctx.clock.now().getTime();
    const at = (minutes: number) => new Date(t + minutes * 60_000);
    // A earns 60 points at minute 30; B reaches 100 at minute 20.
    await addBoardScore(db, 'TOP_XP_GAINERS', a.id, 60, at(30));
    await addBoardScore(db, 'TOP_XP_GAINERS', b.id, 100, at(20));
    // A mission of A's whose ETA was minute 10 is settled now: A also has 100, but only
    // since minute 30, so B reached it first and ranks first.
    await addBoardScore(db, 'TOP_XP_GAINERS', a.id, 40, at(10));
    const board = (await a.api.get('/mirza/boards/TOP_XP_GAINERS/last')).body as {
      data: Array<{ profileid: number; score: number; rank: number }>;
    };
    expect(board.data.map((r) => [r.profileid, r.score, r.rank])).toEqual([
      [b.id, 100, 1],
      [a.id, 100, 2],
    ]);
  });
});
