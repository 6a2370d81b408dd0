import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.js';
import { MapCache } from '../src/modules/map/map-cache.js';
import { BASELINE } from './endpoints.js';
import { mapPaintBench, type MapPaintResult } from './map-browser.js';
import { runEndpoint, type EndpointResult, type EndpointSpec } from './http.js';
import { benchPlayers } from './players.js';
import { BENCH_PASSWORD, seedWorld } from './seed.js';
import { signIn, startBenchServer } from './server-process.js';
import { ensureDatabase } from './bench-database.js';

export interface MapBenchResult {
  plots: number;
  plainBytes: number;
  gzipBytes: number;
  /** Median of three builds of one continent (read, encode, gzip). */
  buildMs: number;
  baseline: EndpointResult;
  results: EndpointResult[];
  paint: MapPaintResult;
}

/** Every plot of both continents taken, owners round-robin over the bench players. */
async function fillWorld(url: string, players: number) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await database.migrate();
  await seedWorld(database.db, players, new Date());
  const started = performance.now();
  await database.db.execute(sql`
    with owners as (select array_agg(id order by id) as ids from profiles)
    insert into lands (owner_id, continent, x, y, terrain, element, gold_leftover, gold_at, created_at)
    select ids[1 + (i % cardinality(ids))], c, i % 500, i / 500,
           -- Terrain and element as random as minting makes them, so gzip gains no more than
           -- it would on a real world.
           (hashint4(i * 2 + c) & 65535) % 5, ((hashint4(i * 2 + c) >> 16) & 65535) % 4,
           0, now(), now()
    from owners, generate_series(0, 1) c, generate_series(0, 249999) i
    on conflict (continent, x, y) do nothing`);
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from lands`,
  );
  const fillMs = performance.now() - started;
  const builds: number[] = [];
  let sizes = { plain: 0, gzip: 0 };
  for (let i = 0; i < 3; i++) {
    const map = await new MapCache(database.db).get(0);
    builds.push(map.buildMs);
    sizes = { plain: map.plain.byteLength, gzip: map.gzip.byteLength };
  }
  await database.close();
  builds.sort((a, b) => a - b);
  return { plots: row?.n ?? 0, fillMs, buildMs: Math.round(builds[1]!), ...sizes };
}

/**
 * The world map endpoint on a full world (issue: world map): bytes, build time, and req/s of
 * `GET /ard/map/0` (gzip, as a browser asks) and of its 304 revalidation, each as a ratio to
 * the baseline measured around it in the same run.
 */
export async function mapBench(
  url: string,
  opts: { players: number; connections: number; durationSeconds: number },
): Promise<MapBenchResult> {
  await ensureDatabase(url);
  const world = await fillWorld(url, opts.players);
  console.info(
    `[map] ${world.plots} occupied plots (filled in ${Math.round(world.fillMs)} ms); one continent: ` +
      `${world.plain} bytes, ${world.gzip} gzipped, built in ${world.buildMs} ms`,
  );
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  const players = await benchPlayers(database.db, opts.connections);
  await database.close();
  const server = await startBenchServer({ DATABASE_URL: url });
  try {
    const cookies = await signIn(
      server.url,
      players.map((p) => p.login),
      BENCH_PASSWORD,
    );
    const run = { url: server.url, connections: opts.connections, cookies, playerData: players };
    const first = await fetch(`${server.url}/ard/map/0`, {
      headers: { cookie: cookies[0]!, 'accept-encoding': 'gzip' },
    });
    const etag = first.headers.get('etag') ?? '';
    const specs: EndpointSpec[] = [
      { name: 'GET /ard/map/0', method: 'GET', path: '/ard/map/0', auth: true },
      {
        name: 'GET /ard/map/0 (If-None-Match: 304)',
        method: 'GET',
        path: '/ard/map/0',
        auth: true,
        headers: { 'if-none-match': etag },
      },
      { name: 'GET /ard/map/0/250/250', method: 'GET', path: '/ard/map/0/250/250', auth: true },
    ];
    await runEndpoint(BASELINE, { ...run, durationSeconds: 2 });
    const baselines = [
      await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds }),
    ];
    const results: EndpointResult[] = [];
    for (const spec of specs) {
      await runEndpoint(spec, { ...run, durationSeconds: 2 });
      const result = await runEndpoint(spec, { ...run, durationSeconds: opts.durationSeconds });
      const after = await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds });
      results.push({ ...result, baselineRps: Math.round((baselines.at(-1)!.rps + after.rps) / 2) });
      baselines.push(after);
      console.info(
        `[map] ${spec.name.padEnd(40)} ${String(result.rps).padStart(7)} req/s  p99 ${result.p99} ms  ` +
          `${((result.rps / results.at(-1)!.baselineRps!) * 100).toFixed(1)}% of baseline ${results.at(-1)!.baselineRps}  ` +
          `errors ${result.errors}  non-2xx ${result.non2xx}`,
      );
    }
    const paint = await mapPaintBench(server.url, players[0]!.login, BENCH_PASSWORD);
    console.info(
      `[map] Chromium: continent drawn ${paint.firstPaintMs} ms after navigation; while dragging ` +
        `${paint.frames} frames, p50 ${paint.frameP50} ms, p95 ${paint.frameP95} ms, max ${paint.frameMax} ms, ` +
        `${paint.droppedShare}% over 25 ms`,
    );
    const baseline = {
      ...baselines[0]!,
      rps: Math.round(baselines.reduce((s, b) => s + b.rps, 0) / baselines.length),
    };
    return {
      plots: world.plots,
      plainBytes: world.plain,
      gzipBytes: world.gzip,
      buildMs: world.buildMs,
      baseline,
      results,
      paint,
    };
  } finally {
    await server.stop();
  }
}
