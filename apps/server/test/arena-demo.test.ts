import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { ensureDemoWorld } from '../src/seed/demo.js';
import { cookiesFrom, createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const world = await ensureDemoWorld(ctx.database.db, ctx.clock.now());
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username: 'veteran', password: world.created ? world.veteran?.password : '' },
  });
  cookie = cookiesFrom(res);
});
afterAll(() => ctx.close());

const get = async (url: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json();

describe("the demo world's Arena", () => {
  it('gives the veteran a defence team, five opponents and all of today’s attacks', async () => {
    const status = await get('/halba/defence');
    expect(status.defence).toHaveLength(3);
    expect(status.attacksLeft).toBe(5);
    const opponents = await get('/halba/opponents');
    expect(opponents).toHaveLength(5);
    for (const o of opponents) {
      expect(o.level).toBe(10);
      expect(o.defence.length).toBeGreaterThan(0);
    }
  });

  it('has past attacks and defences of the veteran, replayable, and a ladder this week', async () => {
    const page = await get('/halba/battles');
    const kinds = new Set(page.battles.map((b: { youAttacked: boolean }) => b.youAttacked));
    expect(kinds).toEqual(new Set([true, false]));
    const replay = await get(`/halba/battles/${page.battles[0].id}`);
    expect(replay.turns.length).toBeGreaterThan(0);
    const ladder = await get('/halba/ladder');
    expect(ladder.top.length).toBeGreaterThan(3);
    expect(ladder.you).not.toBeNull();
  });

  it('keeps ratings the sum of their Elo changes and the books balanced', async () => {
    const rows = await queryRows<{ bad: number; total: number; n: number }>(
      ctx.database.db,
      sql`select count(*) filter (where a.rating <> 1000 + coalesce(c.sum, 0))::int as bad,
                 sum(a.rating)::int as total, count(*)::int as n
          from arena_players a left join (
            select p, sum(c)::int as sum from (
              select attacker_id as p, attacker_change as c from arena_battles
              union all select defender_id, defender_change from arena_battles) s group by p) c
          on c.p = a.profile_id`,
    );
    expect(rows[0]!.bad).toBe(0);
    expect(rows[0]!.total).toBe(1000 * rows[0]!.n);
    expect(await auditLedger(ctx.database.db)).toEqual([]);
  });
});
