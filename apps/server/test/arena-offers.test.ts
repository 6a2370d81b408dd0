import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_CONFIG, isoWeekStart } from '@aleph/rules';
import type { ArenaOpponent } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { payClosedArenaWeek } from '../src/modules/arena/weekly.js';
import { DAY, expectBooksBalanced } from './game-helpers.js';
import { createTestContext, type TestContext } from './helpers.js';
import { arenaPlayer, ratings, type ArenaPlayer } from './arena-helpers.js';

/**
 * An attack may only target a player of the attacker's latest offer of opponents, within
 * `ARENA_CONFIG.offerMinutes` of it, each once (docs/game-rules.md, Arena): no picking a
 * colluding defender far from one's rating for ladder points. This file's context is its own,
 * so the offers are the real `GET /halba/opponents` answers; on PostgreSQL
 * (TEST_DATABASE_URL) the parallel attacks really run at once.
 */
let ctx: TestContext;
/** The attacker, five defenders at the start rating (the five offered) and one far above. */
let me: ArenaPlayer;
let near: ArenaPlayer[];
let colluder: ArenaPlayer;
const WINDOW = ARENA_CONFIG.offerMinutes * 60_000;

beforeAll(async () => {
  // The clock moves past the offer's minutes: the sessions outlive them.
  ctx = await createTestContext({ accessTokenTtlSeconds: 24 * 3600 });
  me = await arenaPlayer(ctx);
  near = [];
  for (let i = 0; i < ARENA_CONFIG.opponents; i++) {
    const p = await arenaPlayer(ctx);
    expect((await p.setDefence(p.heroIds)).status).toBe(200);
    near.push(p);
  }
  // A player who loses on purpose, far above the attacker's rating: never among the nearest.
  colluder = await arenaPlayer(ctx);
  expect((await colluder.setDefence([colluder.heroIds[0]!])).status).toBe(200);
  await ctx.database.db.execute(
    sql`update arena_players set rating = 1400 where profile_id = ${colluder.id}`,
  );
});
afterAll(async () => ctx.close());

const offered = async (p: ArenaPlayer): Promise<number[]> => {
  const res = await p.call('GET', '/halba/opponents');
  expect(res.status).toBe(200);
  return (res.body as ArenaOpponent[]).map((o) => o.profileId);
};

/** What an attack on `them` would change: the ratings, battles, reports, ledger and ladder. */
async function trace(them: ArenaPlayer) {
  const [rows] = await queryRows<{ battles: number; reports: number; ledger: number }>(
    ctx.database.db,
    sql`select
          (select count(*)::int from arena_battles
            where attacker_id in (${me.id}, ${them.id}) or defender_id in (${me.id}, ${them.id})) as battles,
          (select count(*)::int from messages where profile_id = ${them.id}) as reports,
          (select count(*)::int from ledger where profile_id in (${me.id}, ${them.id})) as ledger`,
  );
  const status = await me.call('GET', '/halba/defence');
  const ladder = await me.call('GET', '/halba/ladder');
  return {
    ...rows,
    ratings: await ratings(ctx, [me.id, them.id]),
    attacksLeft: status.body.attacksLeft,
    you: ladder.body.you,
    gold: [(await me.api.profile()).treasury.gold, (await them.api.profile()).treasury.gold],
  };
}

describe('Arena offers', () => {
  it('refuses an attack on a player not offered with 409 and changes nothing, gold included', async () => {
    const list = await offered(me);
    expect(list.sort()).toEqual(near.map((p) => p.id).sort());
    const before = await trace(colluder);
    const res = await me.attack(colluder.id, me.heroIds);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'ARENA_OPPONENT_NOT_OFFERED',
      field: 'opponent',
      message: expect.stringContaining('Ask for opponents again'),
    });
    expect(await trace(colluder)).toEqual(before);
    // The week closes with no battle of the attacker's: no place on the ladder, no gold.
    const next = new Date(isoWeekStart(ctx.clock.now().getTime()) + 7 * DAY + 60_000);
    expect(await payClosedArenaWeek(ctx.database.db, next)).toBe(0);
    expect(await trace(colluder)).toEqual(before);
    await expectBooksBalanced(ctx);
  });

  it('refuses a player who has not asked for opponents', async () => {
    const newcomer = await arenaPlayer(ctx);
    const res = await newcomer.attack(near[0]!.id, newcomer.heroIds);
    expect([res.status, res.body.code]).toEqual([409, 'ARENA_OPPONENT_NOT_OFFERED']);
  });

  it('fights an offered player once per offer; the rest of it stands, and asking again offers them again', async () => {
    const [first, second] = await offered(me);
    const fought = await me.attack(first!, me.heroIds);
    expect(fought.status).toBe(200);
    expect(fought.body.defender.profileId).toBe(first);
    const again = await me.attack(first!, me.heroIds);
    expect([again.status, again.body.code]).toEqual([409, 'ARENA_OPPONENT_NOT_OFFERED']);
    expect(again.body.message).toContain('once per offer');
    expect((await me.attack(second!, me.heroIds)).status).toBe(200);
    // A new offer, made from the ratings the battles left, has them again (the colluder is
    // still farther away than they are).
    expect(await offered(me)).toContain(first);
    expect((await me.attack(first!, me.heroIds)).status).toBe(200);
  });

  it('refuses after the offer has stood its minutes, and a new offer replaces the old', async () => {
    const list = await offered(me);
    ctx.clock.advance(WINDOW - 1000);
    expect((await me.attack(list[0]!, [me.heroIds[0]!])).status).toBe(200);
    ctx.clock.advance(1000);
    const late = await me.attack(list[1]!, [me.heroIds[0]!]);
    expect([late.status, late.body.code]).toEqual([409, 'ARENA_OPPONENT_NOT_OFFERED']);
    expect(late.body.message).toContain(`${ARENA_CONFIG.offerMinutes} minutes`);
    // Only the latest offer counts: a player of the one before who is not in it is refused.
    const old = await offered(me);
    await ctx.database.db.execute(
      sql`update arena_players set rating = 1500 where profile_id = ${old[1]!}`,
    );
    const latest = await offered(me);
    expect(latest).not.toContain(old[1]);
    const stale = await me.attack(old[1]!, [me.heroIds[0]!]);
    expect([stale.status, stale.body.code]).toEqual([409, 'ARENA_OPPONENT_NOT_OFFERED']);
    await expectBooksBalanced(ctx);
  });

  it('fights an offered player once however many attacks on them run at once', async () => {
    const a = await arenaPlayer(ctx);
    const list = await offered(a);
    const results = await Promise.all(
      [...list, ...list, ...list].map((id) => a.attack(id, [a.heroIds[0]!])),
    );
    // Five distinct players once each: five battles, the day's five; the rest refused.
    expect(results.filter((r) => r.status === 200)).toHaveLength(list.length);
    expect(
      new Set(results.filter((r) => r.status === 200).map((r) => r.body.defender.profileId)),
    ).toEqual(new Set(list));
    for (const r of results.filter((r) => r.status !== 200))
      expect(['ARENA_OPPONENT_NOT_OFFERED', 'ARENA_DAILY_LIMIT']).toContain(r.body.code);
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from arena_battles where attacker_id = ${a.id}`,
    );
    expect(row!.n).toBe(list.length);
    await expectBooksBalanced(ctx);
  });
});
