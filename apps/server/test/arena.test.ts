import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fighterStats, Skill, type Element, type Skills } from '@aleph/rules';
import type { ArenaBattle } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { DAY } from './game-helpers.js';
import { createTestContext, type TestContext } from './helpers.js';
import { arenaPlayer, ratings, sendOnMission, type ArenaPlayer } from './arena-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('Arena: defence and opponents', () => {
  it('is locked below profile level 10 with the level named', async () => {
    const low = await arenaPlayer(ctx, 9);
    for (const res of [
      await low.call('GET', '/halba/defence'),
      await low.setDefence(low.heroIds),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You need to upgrade your profile to at least level ten.');
    }
  });

  it('sets a defence team of own heroes, up to 3 distinct, a busy hero too', async () => {
    const p = await arenaPlayer(ctx);
    const other = await arenaPlayer(ctx);
    expect((await p.setDefence([p.heroIds[0]!, other.heroIds[0]!])).status).toBe(404);
    expect((await p.setDefence([p.heroIds[0]!, p.heroIds[0]!])).status).toBe(400);
    expect((await p.setDefence([1, 2, 3, 4])).status).toBe(400);
    expect((await p.setDefence([])).status).toBe(400);
    // The homeless hero goes on a mission; it may still defend.
    await sendOnMission(ctx, p);
    const set = await p.setDefence(p.heroIds);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ rating: 1000, attacksLeft: 5, attacksPerDay: 5 });
    expect(set.body.defence.map((h: { id: number }) => h.id)).toEqual(p.heroIds);
    expect(set.body.defence.find((h: { id: number }) => h.id === p.homeless.heroid).busy).toBe(
      true,
    );
    expect((await p.call('GET', '/halba/defence')).body).toEqual(set.body);
  });

  it('offers up to 5 players with a defence team nearest the rating, never the caller', async () => {
    const me = await arenaPlayer(ctx);
    await me.setDefence(me.heroIds);
    const noTeam = await arenaPlayer(ctx);
    const teams: ArenaPlayer[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await arenaPlayer(ctx);
      await p.setDefence([p.heroIds[0]!]);
      teams.push(p);
    }
    const list = await me.call('GET', '/halba/opponents');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(5);
    const ids = list.body.map((o: { profileId: number }) => o.profileId);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(noTeam.id);
    expect(list.body[0].defence).toHaveLength(list.body[0].defence.length);
    expect(list.body.every((o: { rating: number }) => o.rating === 1000)).toBe(true);
  });
});

describe('Arena: attacks', () => {
  it('fights at once, moves both ratings by the same Elo change and replays exactly', async () => {
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    await d.setDefence(d.heroIds);
    const [before] = await queryRows<{ seq: number }>(
      ctx.database.db,
      sql`select coalesce(max(seq), 0)::int as seq from player_events where profile_id = ${d.id}`,
    );
    await a.offer([d.id]);
    const res = await a.attack(d.id, a.heroIds);
    expect(res.status).toBe(200);
    const battle = res.body;
    expect(battle.youAttacked).toBe(true);
    expect(Math.abs(battle.attacker.change)).toBe(16); // equal ratings: K / 2
    expect(battle.attacker.change + battle.defender.change).toBe(0);
    expect(battle.youWon).toBe(battle.winner === 'attacker');
    expect(await ratings(ctx, [a.id, d.id])).toEqual([
      battle.attacker.rating,
      battle.defender.rating,
    ]);
    expect(battle.turns.length).toBeGreaterThan(0);
    expect(battle.fighters.filter((f) => f.side === 'attacker').map((f) => f.heroId)).toEqual(
      a.heroIds,
    );
    // The replay is recomputed by the rules from the stored seed and teams: the same log.
    const replay = await a.call('GET', `/halba/battles/${battle.id}`);
    expect(replay.body).toEqual(battle);
    const asDefender = await d.call('GET', `/halba/battles/${battle.id}`);
    expect(asDefender.body.turns).toEqual(battle.turns);
    expect(asDefender.body.youAttacked).toBe(false);
    // The winner's arena win counts toward the achievements.
    const winner = battle.winner === 'attacker' ? a.id : d.id;
    const [progress] = await queryRows<{ value: number }>(
      ctx.database.db,
      sql`select value::int as value from achievement_progress
          where profile_id = ${winner} and metric = 'arena_wins'`,
    );
    expect(progress?.value).toBe(1);
    // The defender hears of it in the inbox.
    const inbox = await d.api.get('/hatif/messages');
    expect(JSON.stringify(inbox.body)).toContain('Arena: your defence');
    // ...and the defender's open pages by push: `inbox.new` with the unread count, report included.
    const unread = await d.api.get('/hatif/messages/countunread');
    const [pushed] = await queryRows<{ data: { unread: number } }>(
      ctx.database.db,
      sql`select data from player_events where profile_id = ${d.id} and type = 'inbox.new'
          order by seq desc limit 1`,
    );
    expect(pushed?.data.unread).toBe((unread.body as { unreadMessages: number }).unreadMessages);
    expect(pushed?.data.unread).toBeGreaterThan(0);
    // The report's own `inbox.new` (the first after the attack; a defender who won also hears
    // of the achievement after it) counts the unread messages up to the report, the report
    // included, whoever won.
    const [first] = await queryRows<{ data: { unread: number } }>(
      ctx.database.db,
      sql`select data from player_events
          where profile_id = ${d.id} and type = 'inbox.new' and seq > ${before!.seq}
          order by seq limit 1`,
    );
    const [upToReport] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from messages
          where profile_id = ${d.id} and read_at is null and deleted_at is null
            and id <= (select max(id) from messages where profile_id = ${d.id} and subject like 'Arena:%')`,
    );
    expect(first?.data.unread).toBe(upToReport!.n);
    const stranger = await arenaPlayer(ctx);
    expect((await stranger.call('GET', `/halba/battles/${battle.id}`)).status).toBe(404);
  });

  /** The player's inbox, unread count and profile points, through their cache. */
  const reads = async (p: ArenaPlayer) => {
    const [inbox, unread, profile] = await Promise.all([
      p.api.get('/hatif/messages'),
      p.api.get('/hatif/messages/countunread'),
      p.api.get('/athar/profile'),
    ]);
    return {
      subjects: JSON.stringify(inbox.body),
      unread: (unread.body as { unreadMessages: number }).unreadMessages,
      points: (profile.body as { level: { profilePoints: number } }).level.profilePoints,
    };
  };

  it("shows the battle in both players' cached reads at once: the report, the first-win note and its XP", async () => {
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    await d.setDefence(d.heroIds);
    const xpOf = async (id: number) =>
      Number(
        (
          await queryRows<{ xp: string }>(
            ctx.database.db,
            sql`select xp::text as xp from profiles where id = ${id}`,
          )
        )[0]!.xp,
      );
    // These reads fill each player's cache; the reads after the attack come from it unless
    // the attack raised the player's state version.
    const attackerBefore = await reads(a);
    const defenderBefore = await reads(d);

    await a.offer([d.id]);
    const res = await a.attack(d.id, a.heroIds);
    expect(res.status).toBe(200);
    const attackerWon = res.body.winner === 'attacker';
    const attacker = await reads(a);
    const defender = await reads(d);
    // The defender's report, and a note of the first arena win for whoever won (with its XP).
    expect(defender.subjects).toContain('Arena: your defence');
    expect(defender.unread).toBe(defenderBefore.unread + (attackerWon ? 1 : 2));
    expect(attacker.unread).toBe(attackerBefore.unread + (attackerWon ? 1 : 0));
    const winner = attackerWon ? attacker : defender;
    const winnerBefore = attackerWon ? attackerBefore : defenderBefore;
    expect(winner.points).toBe(await xpOf(attackerWon ? a.id : d.id));
    expect(winner.points).toBeGreaterThan(winnerBefore.points);
  });

  it("shows the report in the defender's cached reads when it is all that changed for them", async () => {
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    await d.setDefence(d.heroIds);
    // The defender already holds the first-win achievement, so winning or losing, the report
    // is the only change of theirs: no note, no XP.
    await ctx.database.db.execute(
      sql`insert into achievements_earned (profile_id, code, earned_at)
          values (${d.id}, 'ARENA_WIN_1', ${ctx.clock.now()})`,
    );
    const before = await reads(d);
    await a.offer([d.id]);
    expect((await a.attack(d.id, a.heroIds)).status).toBe(200);
    const after = await reads(d);
    expect(after.subjects).toContain('Arena: your defence');
    expect(after.unread).toBe(before.unread + 1);
    expect(after.points).toBe(before.points);
  });

  it('refuses: own profile, no defence team, a hero not yours, a busy hero, unknown opponent', async () => {
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    await a.setDefence(a.heroIds);
    // Offered, as a player whose team's heroes left it after the offer would be.
    await a.offer([d.id]);
    const self = await a.attack(a.id, a.heroIds);
    expect([self.status, self.body.field]).toEqual([400, 'opponent']);
    const none = await a.attack(d.id, a.heroIds);
    expect([none.status, none.body.code]).toEqual([409, 'ARENA_NO_DEFENCE']);
    await d.setDefence(d.heroIds);
    expect((await a.attack(d.id, [d.heroIds[0]!])).status).toBe(404);
    expect((await a.attack(2_000_000, a.heroIds)).status).toBe(404);
    await sendOnMission(ctx, a);
    const busy = await a.attack(d.id, a.heroIds);
    expect([busy.status, busy.body.code]).toEqual([409, 'ARENA_HERO_BUSY']);
    // None of the refusals was a battle.
    expect((await a.call('GET', '/halba/battles')).body.battles).toEqual([]);
  });

  it('allows 5 attacks per UTC day; the 6th answers 429 with when the next open', async () => {
    // Two minutes before midnight: the sessions stay valid across it.
    const start = ctx.clock.now().getTime();
    ctx.clock.set(new Date(start - (start % DAY) + DAY - 120_000));
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    await d.setDefence(d.heroIds);
    for (let i = 0; i < 5; i++) {
      await a.offer([d.id]);
      expect((await a.attack(d.id, [a.heroIds[0]!])).status).toBe(200);
    }
    await a.offer([d.id]);
    const sixth = await a.attack(d.id, [a.heroIds[0]!]);
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('ARENA_DAILY_LIMIT');
    const now = ctx.clock.now().getTime();
    const midnight = now - (now % DAY) + DAY;
    expect(sixth.body.message).toContain(new Date(midnight).toISOString());
    expect(Number(sixth.headers['retry-after'])).toBe(Math.ceil((midnight - now) / 1000));
    expect((await a.call('GET', '/halba/defence')).body.attacksLeft).toBe(0);
    ctx.clock.advance(120_000);
    // The refused attack left the offer as it was.
    expect((await a.attack(d.id, [a.heroIds[0]!])).status).toBe(200);
  });

  it('fights with a Skill Pot while it works on the game clock, without it once the clock passes it', async () => {
    // The test clock stands in January 2026, the machine's months later: a pot ending a minute
    // after the game's now is working for the game and long over for the machine.
    const a = await arenaPlayer(ctx);
    const d = await arenaPlayer(ctx);
    await d.setDefence(d.heroIds);
    const heroId = a.heroIds[0]!;
    const until = new Date(ctx.clock.now().getTime() + 60_000);
    expect(until.getTime()).toBeLessThan(Date.now());
    const [hero] = await queryRows<{ element: number; skills: number[]; upskills: number[] }>(
      ctx.database.db,
      sql`update heroes set pot_skill = ${Skill.Strength}, pot_until = ${until}
          where id = ${heroId} returning element, skills, upskills`,
    );
    const skills = hero!.skills.map((s, i) => s + hero!.upskills[i]!) as unknown as Skills;
    const withPot = skills.map((s, i) =>
      i === Skill.Strength ? Math.min(100, s + 15) : s,
    ) as unknown as Skills;
    expect(withPot[Skill.Strength]).toBeGreaterThan(skills[Skill.Strength]);
    const attackOf = (s: Skills) =>
      fighterStats({ element: hero!.element as Element, skills: s }).attack;
    const fighter = (b: ArenaBattle) => b.fighters.find((f) => f.heroId === heroId)!;

    await a.offer([d.id]);
    const during = await a.attack(d.id, [heroId]);
    expect(during.status).toBe(200);
    expect(fighter(during.body).attack).toBe(attackOf(withPot));

    ctx.clock.advance(120_000); // within the session, past the pot
    await a.offer([d.id]);
    const after = await a.attack(d.id, [heroId]);
    expect(after.status).toBe(200);
    expect(fighter(after.body).attack).toBe(attackOf(skills));
  });
});
