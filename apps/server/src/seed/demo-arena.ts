import { sql } from 'drizzle-orm';
import {
  ARENA_CONFIG,
  eloChange,
  isoWeekKey,
  PROFILE_LEVELS,
  runBattle,
  utcDayKey,
  type Rng,
} from '@aleph/rules';
import { queryRows, type Tx } from '../db/client.js';
import { ChangeBook } from '../core/change-book.js';
import { loadHeroes, toBattleHero } from '../modules/arena/heroes.js';

const HOUR = 3_600_000;
/** Demo players raised to level ten with a defence team: the veteran's opponents. */
export const DEMO_ARENA_PLAYERS = 10;

interface Fight {
  attacker: number;
  defender: number;
  hoursAgo: number;
}

/**
 * The demo world's Arena (docs/game-rules.md, Arena): ten of the other players at level ten
 * (with the XP it takes, booked long ago) defending with their heroes, the veteran's team of
 * three, and real battles fought by the rules in time order so that every rating is the sum of
 * its Elo changes: the veteran's attacks on earlier days (today's five are left to play), its
 * defences today, and a few fights among the others for the weekly ladder.
 */
export async function seedDemoArena(
  tx: Tx,
  input: { players: readonly number[]; veteranId: number; now: Date; rng: Rng },
): Promise<void> {
  const { veteranId, now, rng } = input;
  const players = input.players.slice(0, DEMO_ARENA_PLAYERS);
  const heroRows = await queryRows<{ id: number; owner_id: number }>(
    tx,
    sql`select id, owner_id from heroes
        where owner_id = any(${`{${[...players, veteranId].join(',')}}`}::int[]) order by id`,
  );
  const teamOf = new Map<number, number[]>();
  for (const row of heroRows) {
    const team = teamOf.get(row.owner_id) ?? [];
    if (team.length < ARENA_CONFIG.teamSize) team.push(row.id);
    teamOf.set(row.owner_id, team);
  }
  const levelTen = PROFILE_LEVELS.find((row) => row.level === 10)!.xp;
  const book = new ChangeBook();
  const longAgo = { cause: 'demo', at: new Date(now.getTime() - 60 * 24 * HOUR) };
  for (const id of players) book.profile(id, { xp: levelTen }, longAgo);
  await book.flush(tx);
  await tx.execute(
    sql`update profiles set level = 10 where id = any(${`{${players.join(',')}}`}::int[])`,
  );

  const fights: Fight[] = [
    ...players
      .slice(0, 4)
      .map((p, i) => ({ attacker: veteranId, defender: p, hoursAgo: 30 + 7 * i })),
    ...players
      .slice(4, 7)
      .map((p, i) => ({ attacker: p, defender: veteranId, hoursAgo: 1 + 2 * i })),
    ...players.slice(0, 6).map((p, i) => ({
      attacker: p,
      defender: players[(i + 3) % players.length]!,
      hoursAgo: 3 + 4 * i,
    })),
  ].sort((a, b) => b.hoursAgo - a.hoursAgo);

  const rating = new Map<number, number>([...players, veteranId].map((id) => [id, 1000]));
  const rows = [];
  for (const f of fights) {
    const at = new Date(now.getTime() - f.hoursAgo * HOUR);
    const [attackers, defenders] = await Promise.all([
      loadHeroes(tx, teamOf.get(f.attacker) ?? [], now),
      loadHeroes(tx, teamOf.get(f.defender) ?? [], now),
    ]);
    const input = {
      attackers: attackers.map(toBattleHero),
      defenders: defenders.map(toBattleHero),
    };
    const seed = rng.int(0, 2 ** 31 - 1);
    const result = runBattle(input, seed);
    const before = [rating.get(f.attacker)!, rating.get(f.defender)!] as const;
    const change = eloChange(before[0], before[1], result.winner === 'attacker');
    rating.set(f.attacker, before[0] + change.attacker);
    rating.set(f.defender, before[1] + change.defender);
    rows.push({
      a: f.attacker,
      d: f.defender,
      seed,
      attackers: input.attackers,
      defenders: input.defenders,
      winner: result.winner,
      ac: change.attacker,
      dc: change.defender,
      ar: rating.get(f.attacker)!,
      dr: rating.get(f.defender)!,
      day: utcDayKey(at.getTime()),
      week: isoWeekKey(at.getTime()),
      at: at.toISOString(),
    });
  }
  await tx.execute(sql`insert into arena_battles (attacker_id, defender_id, seed, attackers, defenders,
      winner, attacker_change, defender_change, attacker_rating, defender_rating, day, week, created_at)
    select a, d, seed, attackers, defenders, winner, ac, dc, ar, dr, day, week, at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(a int, d int, seed int, attackers jsonb,
      defenders jsonb, winner text, ac int, dc int, ar int, dr int, day text, week text, at timestamptz)
    order by at`);
  const players3 = [...rating.entries()].map(([id, r]) => ({ id, r, team: teamOf.get(id) ?? [] }));
  await tx.execute(sql`insert into arena_players (profile_id, rating, defence, updated_at)
    select id, r, array(select jsonb_array_elements_text(team)::int), ${now}
    from jsonb_to_recordset(${JSON.stringify(players3)}::jsonb) as v(id int, r int, team jsonb)`);
}
