import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.js';
import { BASELINE } from './endpoints.js';
import { runEndpoint, type EndpointSpec } from './http.js';
import { seedWorld } from './seed.js';
import { BENCH_COOKIE_SECRET, startBenchServer } from './server-process.js';
import { mintSessions } from './sessions.js';
import { ensureDatabase } from './bench-database.js';

/** The player with the long log: deep enough for a page 50,000 rows down. */
const DEEP_MISSIONS = 60_000;
const PER_PLAYER = 100;
const DEPTH = 50_000;

/**
 * Records (docs/performance.md, Records), on PostgreSQL in its own database: 1,000,000 finished
 * missions (one player with 60,000, the others 100 each), then the Mission Log's first page,
 * a page 50,000 rows deep (by cursor), the rating's first page and the caller's place, each
 * against the baseline measured around it. Figures are printed.
 */
export async function recordsBench(
  url: string,
  opts: { players: number; missions: number; connections: number; durationSeconds: number },
) {
  await ensureDatabase(url);
  const setup = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await setup.migrate();
  await seedWorld(setup.db, opts.players, new Date());
  await setup.db.execute(
    sql`update profiles set level = 7 where nickname like 'bench\\_%' and level < 7`,
  );
  const [have] = await queryRows<{ n: number }>(
    setup.db,
    sql`select count(*)::int as n from missions where status = 'settled'`,
  );
  const others = Math.ceil((opts.missions - DEEP_MISSIONS) / PER_PLAYER);
  if (have!.n < opts.missions) {
    const started = performance.now();
    await setup.db.execute(sql`insert into missions
        (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status, settled_at, result)
      select p.id, p.hero, p.land, (array['GOLDCLAIM','DAILYREWARD','SEARCHELEMENT','HUNTSEAL'])[1 + g % 4],
        '{}'::jsonb, g, '{}'::jsonb, timestamptz '2025-01-01' + g * interval '1 minute',
        timestamptz '2025-01-01' + g * interval '1 minute' + interval '30 minutes', 'settled', now(),
        jsonb_build_object('type', 'GOLDCLAIM', 'success', g % 5 <> 0, 'xp', 40, 'treasuryGold', g % 1000)
      from (select p.id, row_number() over (order by p.id) as rn,
              (select min(h.id) from heroes h where h.owner_id = p.id) as hero,
              (select min(l.id) from lands l where l.owner_id = p.id) as land
            from profiles p where p.nickname like 'bench\\_%') p
      cross join lateral generate_series(1, case when p.rn = 1 then ${DEEP_MISSIONS}::int else ${PER_PLAYER}::int end) g
      where p.rn <= ${others + 1}::int and p.hero is not null and p.land is not null`);
    console.info(`[records] missions generated in ${Math.round(performance.now() - started)} ms`);
  }
  // What autovacuum does to tables this size soon after: index-only counts stop visiting rows.
  await setup.db.execute(sql`vacuum (analyze) missions`);
  await setup.db.execute(sql`vacuum (analyze) profiles`);
  const players = await queryRows<{ id: number; n: number }>(
    setup.db,
    sql`select profile_id as id, count(*)::int as n from missions where status = 'settled'
        group by profile_id order by count(*) desc, profile_id`,
  );
  const total = players.reduce((sum, p) => sum + p.n, 0);
  const deep = players[0]!;
  const [at] = await queryRows<{ eta: Date | string; id: number }>(
    setup.db,
    sql`select eta, id from missions where profile_id = ${deep.id} and status = 'settled'
        order by eta desc, id desc offset ${DEPTH - 1} limit 1`,
  );
  const cursor = Buffer.from(`${new Date(at!.eta).getTime()}.${at!.id}`).toString('base64url');
  const ids = players.map((p) => p.id);
  const cookies = await mintSessions(setup.db, ids, BENCH_COOKIE_SECRET, new Date());
  await setup.close();
  console.info(
    `[records] ${total} finished missions, ${players.length} players, deepest ${deep.n}`,
  );

  const server = await startBenchServer({ DATABASE_URL: url });
  try {
    const run = { url: server.url, connections: opts.connections, cookies, playerData: [] };
    const deepRun = { ...run, cookies: [cookies[0]!] };
    // A game endpoint measured before in quiet runs (docs/performance.md): its ratio in this run
    // tells how much of a low ratio is the machine rather than the records endpoints.
    const control: EndpointSpec = {
      name: 'control GET /ard/lands',
      method: 'GET',
      path: '/ard/lands',
      auth: true,
    };
    const specs: Array<[EndpointSpec, typeof run]> = [
      [control, run],
      [
        {
          name: 'GET /misaar/missions/log (first page)',
          method: 'GET',
          path: '/misaar/missions/log',
          auth: true,
        },
        run,
      ],
      [
        {
          name: `GET /misaar/missions/log (${DEPTH.toLocaleString('en-US')} deep)`,
          method: 'GET',
          path: `/misaar/missions/log?cursor=${cursor}`,
          auth: true,
        },
        deepRun,
      ],
      [
        {
          name: 'GET /athar/rating (first page)',
          method: 'GET',
          path: '/athar/rating',
          auth: true,
        },
        run,
      ],
      [
        {
          name: "GET /athar/rating?limit=1 (caller's place)",
          method: 'GET',
          path: '/athar/rating?limit=1',
          auth: true,
        },
        run,
      ],
    ];
    await runEndpoint(BASELINE, { ...run, durationSeconds: 2 });
    const results = [];
    for (const [spec, options] of specs) {
      const before = await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds });
      const r = await runEndpoint(spec, { ...options, durationSeconds: opts.durationSeconds });
      const after = await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds });
      const baseline = Math.round((before.rps + after.rps) / 2);
      const ratio = r.rps / baseline;
      console.info(
        `[records] ${r.name.padEnd(44)} ${String(r.rps).padStart(6)} req/s p50 ${r.p50} ms p99 ${r.p99} ms ` +
          `${(ratio * 100).toFixed(1)}% of baseline ${baseline} (errors ${r.errors + r.non2xx})`,
      );
      results.push({ ...r, baselineRps: baseline, ratio });
    }
    return { missions: total, players: players.length, results };
  } finally {
    await server.stop();
  }
}
