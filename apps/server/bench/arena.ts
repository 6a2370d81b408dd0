import { sql } from 'drizzle-orm';
import { ARENA_CONFIG, createRng, runBattle, type BattleHero, type Skills } from '@aleph/rules';
import { openDatabase, queryRows } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { BASELINE } from './endpoints.js';
import { runEndpoint } from './http.js';
import { inClientProcess, type Attacker } from './arena-client.js';
import { seedWorld } from './seed.js';
import { BENCH_COOKIE_SECRET, startBenchServer } from './server-process.js';
import { mintSessions } from './sessions.js';
import { ensureDatabase } from './bench-database.js';

/**
 * The Arena (docs/performance.md, Arena): battles simulated per second by the rules (3 vs 3, this
 * process, one core), then `POST /halba/attack` on PostgreSQL in its own database against the
 * baseline measured around it: first a closed loop of `connections` attackers (its throughput
 * and the ratio), then an open loop at each of `rates` attacks a second (the latency at a given
 * load), both sent from a client process of their own (arena-client.ts), each measured after
 * `warmupSeconds` of the same load that are timed apart. The daily limit stays in
 * force: each closed-loop connection walks through its own bench players and spends each one's 5
 * attacks of the day before taking the next, and each open-loop step takes players the loops
 * before it did not use, so the run needs players / 2 x 5 >= the attacks made (a 429 counts as a
 * refusal). An attack may target only a player of the attacker's offer (docs/game-rules.md,
 * Arena): each attacker's five opponents of the day are stored as its offer right before each
 * load, as `GET /halba/opponents` would store them.
 */
export async function arenaBench(
  url: string,
  opts: {
    players: number;
    connections: number;
    durationSeconds: number;
    earned?: boolean;
    /** Seconds each load runs before its measured ones: the warm-up, timed apart. */
    warmupSeconds?: number;
    /** Attacks a second offered by an open loop after the closed one, each for the duration. */
    rates?: readonly number[];
  },
) {
  const rules = battlesPerSecond(Math.max(3, Math.min(opts.durationSeconds, 5)));
  console.info(
    `[arena] rules: ${rules.perSecond} battles/s wall, ${rules.perCpuSecond} per CPU second (3 vs 3, ${rules.meanTurns} turns on average)`,
  );
  await ensureDatabase(url);
  const setup = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await setup.migrate();
  await seedWorld(setup.db, opts.players, new Date());
  // Every bench player at level 10 defending with its three heroes; a fresh day of attacks.
  await setup.db.execute(sql`update profiles set level = 10 where nickname like 'bench\\_%'`);
  await setup.db.execute(sql`delete from arena_battles`);
  await setup.db.execute(sql`insert into arena_players (profile_id, rating, defence)
    select owner_id, 1000, (array_agg(id order by id))[1:3] from heroes
    where owner_id in (select id from profiles where nickname like 'bench\\_%') group by owner_id
    on conflict (profile_id) do update set rating = 1000, defence = excluded.defence`);
  if (opts.earned) {
    // A mature arena: everyone has won before, so a win finds its first-win achievement
    // earned. Without this every bench attacker's first win earns it, and those earnings
    // queue on the achievement's one earners row (docs/performance.md, Arena).
    await setup.db.execute(sql`insert into achievements_earned (profile_id, code, earned_at)
      select id, 'ARENA_WIN_1', now() from profiles where nickname like 'bench\\_%'
      on conflict do nothing`);
    // And their win count says so, as a player's count always does once the achievement is
    // earned: at 0, a bench player's next win would reach the first-win goal again and the batch
    // would send an insert that finds it earned (a round trip a live arena never makes).
    await setup.db.execute(sql`insert into achievement_progress (profile_id, metric, value)
      select id, 'arena_wins', 1 from profiles where nickname like 'bench\\_%'
      on conflict (profile_id, metric) do update set value = greatest(achievement_progress.value, 1)`);
    await setup.db.execute(sql`insert into achievement_earners (code, earners)
      select 'ARENA_WIN_1', count(*) from achievements_earned where code = 'ARENA_WIN_1'
      on conflict (code) do update set earners = excluded.earners`);
  }
  // The set-up rewrites every arena row and the runs before left their battles, reports and
  // events behind: vacuumed and analysed here, as autovacuum would in a live database (it may be
  // off on a bench machine), so a run does not pay for the dead rows of the ones before it.
  await setup.db.execute(
    sql`vacuum (analyze) arena_players, arena_battles, messages, player_events, profiles, achievements_earned, achievement_progress`,
  );
  const rows = await queryRows<{ id: number; heroes: number[] }>(
    setup.db,
    sql`select p.id, array(select h.id from heroes h where h.owner_id = p.id and not exists (
          select 1 from missions m where m.hero_id = h.id and m.status = 'running') order by h.id limit 3) as heroes
        from profiles p where p.nickname like 'bench\\_%' order by p.id`,
  );
  const withHeroes = rows.filter((r) => r.heroes.length > 0);
  // The first half attack, each five players of the second half, spread over them (two
  // attackers chained on each other's rows would measure a queue the bench made).
  const half = Math.floor(withHeroes.length / 2);
  const defenders = withHeroes.length - half;
  const players: Attacker[] = withHeroes.map((p, i) => ({
    ...p,
    targets:
      i < half
        ? Array.from(
            { length: ARENA_CONFIG.attacksPerDay },
            (_, k) => withHeroes[half + ((i * 31 + k * 7919) % defenders)]!.id,
          )
        : [],
  }));
  const cookies = await mintSessions(
    setup.db,
    players.map((p) => p.id),
    BENCH_COOKIE_SECRET,
    new Date(),
  );
  await setup.close();

  const server = await startBenchServer({ DATABASE_URL: url });
  try {
    const run = { url: server.url, connections: opts.connections, cookies, playerData: [] };
    await runEndpoint(BASELINE, { ...run, durationSeconds: 2 });
    const before = await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds });
    const warmSeconds = opts.warmupSeconds ?? 0;
    await offerTargets(url, players.slice(0, half));
    const attacks = await inClientProcess({
      type: 'closed',
      url: server.url,
      players,
      cookies,
      connections: opts.connections,
      seconds: opts.durationSeconds,
      warmSeconds,
    });
    if (warmSeconds) {
      const w = attacks.warmup;
      console.info(
        `[arena] warm-up, the first ${warmSeconds} s of the closed loop (a fresh server process; not in the figures below): ` +
          `${w.rps} req/s, p50 ${w.p50} ms, p99 ${w.p99} ms, ${w.ok} battles, ${w.other} other answers`,
      );
    }
    const after = await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds });
    const baselineRps = Math.round((before.rps + after.rps) / 2);
    // The open loop's attackers are the ones the closed loop did not reach, a slice of its own
    // for every step (each attacks at most 5 times), so no attack meets the daily limit.
    const offered = [];
    let next = attacks.attackersUsed;
    for (const rate of opts.rates ?? []) {
      const count = Math.ceil(
        (rate * (warmSeconds + opts.durationSeconds)) / ARENA_CONFIG.attacksPerDay,
      );
      if (next + count > half) {
        console.info(
          `[arena] open loop at ${rate} attacks/s skipped: it needs ${count} more attackers than the ${half - next} left (raise --arena-players)`,
        );
        break;
      }
      const attackers = {
        players: players.slice(next, next + count),
        cookies: cookies.slice(next, next + count),
      };
      next += count;
      await offerTargets(url, attackers.players);
      const step = await inClientProcess({
        type: 'open',
        url: server.url,
        attackers,
        rate,
        seconds: opts.durationSeconds,
        warmSeconds,
      });
      offered.push(step);
      console.info(
        `[arena] open loop at ${rate} attacks/s offered: ${step.rps} answered/s, p50 ${step.p50} ms, ` +
          `p99 ${step.p99} ms, ${step.ok} battles, ${step.other} other answers, ${step.errors} errors; ` +
          `p99 < 50 ms: ${step.p99 < 50 && step.errors === 0 && step.other === 0 ? 'held' : 'not held'}` +
          (warmSeconds
            ? ` (after ${warmSeconds} s of warm-up at the same rate from a fresh client: p50 ${step.warmup.p50} ms, ` +
              `p99 ${step.warmup.p99} ms, ${step.warmup.ok} battles)`
            : ''),
      );
    }
    const check = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const [sum] = await queryRows<{ total: number; n: number; battles: number }>(
      check.db,
      sql`select sum(rating)::int as total, count(*)::int as n,
                 (select count(*)::int from arena_battles) as battles from arena_players`,
    );
    const problems = await auditLedger(check.db);
    await check.close();
    const battles =
      attacks.warmup.ok + attacks.ok + offered.reduce((sum, s) => sum + s.warmup.ok + s.ok, 0);
    const result = {
      rules,
      ...attacks,
      offered,
      baselineRps,
      ratio: attacks.rps / baselineRps,
      ratingsSumOk: sum!.total === 1000 * sum!.n,
      battlesInDb: sum!.battles,
      ledgerProblems: problems.length,
    };
    console.info(
      `[arena] POST /halba/attack ${attacks.rps} req/s at ${opts.connections} connections, p50 ${attacks.p50} ms, ` +
        `p99 ${attacks.p99} ms, ${(result.ratio * 100).toFixed(1)}% of baseline ${baselineRps} req/s; ` +
        `${attacks.ok} battles, ${attacks.other} other answers; battles answered in all ${battles}, stored ${sum!.battles} ` +
        `(up to ${opts.connections} more: the closed loop stops with attacks in flight, stored but not counted); ` +
        `ratings sum to 1000 each: ${result.ratingsSumOk}; ledger problems ${problems.length}`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

/**
 * Stores each attacker's `targets` as its offer of opponents, made now: written right before a
 * load, so no load runs past the offer's minutes (ARENA_CONFIG.offerMinutes).
 */
async function offerTargets(url: string, attackers: readonly Attacker[]) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const offers = attackers.map((a) => ({ p: a.id, t: a.targets }));
    await database.db.execute(sql`insert into arena_offers (profile_id, opponents, offered_at)
      select p, array(select jsonb_array_elements_text(t)::int), now()
      from jsonb_to_recordset(${JSON.stringify(offers)}::jsonb) as v(p int, t jsonb)
      on conflict (profile_id) do update
        set opponents = excluded.opponents, offered_at = excluded.offered_at`);
  } finally {
    await database.close();
  }
}

/** 3 vs 3 battles of 64 random team pairs, run back to back for `seconds` on this thread. */
export function battlesPerSecond(seconds: number) {
  const rng = createRng('arena-bench');
  const hero = (id: number): BattleHero => ({
    heroId: id,
    name: `H${id}`,
    element: rng.int(0, 3) as BattleHero['element'],
    skills: Array.from({ length: 8 }, () => rng.int(5, 100)) as unknown as Skills,
  });
  const pairs = Array.from({ length: 64 }, (_, i) => ({
    attackers: [hero(6 * i), hero(6 * i + 1), hero(6 * i + 2)],
    defenders: [hero(6 * i + 3), hero(6 * i + 4), hero(6 * i + 5)],
  }));
  for (let i = 0; i < 2000; i++) runBattle(pairs[i % 64]!, i); // warm-up
  let battles = 0;
  let turns = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 256; i++, battles++)
      turns += runBattle(pairs[battles % 64]!, battles).turns.length;
  }
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // Per second of this thread's CPU as well: on a shared machine the wall clock also counts
  // the time other processes held the core.
  const cpuSeconds = (used.user + used.system) / 1e6;
  return {
    perSecond: Math.round(battles / elapsed),
    perCpuSecond: Math.round(battles / cpuSeconds),
    meanTurns: Math.round(turns / battles),
  };
}
