import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { seedListings } from './bazaar-seed.js';
import { bazaarSearchMix } from './bazaar-mix.js';
import { endAuctions } from './bazaar-settle.js';
import { BASELINE } from './endpoints.js';
import { runEndpoint, type EndpointResult, type EndpointSpec } from './http.js';
import { benchPlayers, type BenchPlayer } from './players.js';
import { BENCH_PASSWORD, seedWorld } from './seed.js';
import { signIn, startBenchServer } from './server-process.js';
import { ensureDatabase } from './bench-database.js';

/** Gold each buyer starts with: enough for every listing the buy phase could take. */
const BUYER_GOLD = 200_000_000;

export interface BazaarBenchOptions {
  players: number;
  listings: number;
  auctions: number;
  connections: number;
  durationSeconds: number;
}

/**
 * The Bazaar on PostgreSQL (docs/performance.md, Bazaar): `listings` open listings (one
 * generate_series), then GET /souq/bazaar/listings over a mix of filters, sorts and next pages
 * and POST .../buy (each request another listing), each as a ratio to the baseline measured
 * around it; then `auctions` due auctions with a held bid ended by one worker. The ledger is
 * audited at the end. Answers whether the search held its target (20 % of the baseline).
 */
export async function bazaarBench(url: string, opts: BazaarBenchOptions): Promise<string[]> {
  await ensureDatabase(url);
  const setup = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await setup.migrate();
  const now = new Date();
  await seedWorld(setup.db, opts.players, now);
  const players = await benchPlayers(setup.db, opts.players);
  const buyers = players.slice(0, opts.connections);
  const sellers = players.slice(opts.connections);
  await prepareMarket(setup.db, buyers, sellers, opts.listings, now);
  const pool = await buyPool(setup.db);
  await setup.close();

  const server = await startBenchServer({ DATABASE_URL: url });
  const failures: string[] = [];
  try {
    const cookies = await signIn(
      server.url,
      buyers.map((p) => p.login),
      BENCH_PASSWORD,
    );
    const run = {
      url: server.url,
      connections: opts.connections,
      cookies,
      playerData: buyers,
      durationSeconds: opts.durationSeconds,
    };
    const paths = await bazaarSearchMix(server.url, cookies[0]!);
    console.info(`[bazaar] search mix: ${paths.length} pages (first and next) of 16 queries`);
    const search: EndpointSpec = {
      name: 'GET /souq/bazaar/listings (mix)',
      method: 'GET',
      path: '/souq/bazaar/listings',
      auth: true,
      each: (n) => ({
        cookie: cookies[n % cookies.length]!,
        body: undefined,
        path: paths[n % paths.length],
      }),
    };
    let next = 0;
    const buy: EndpointSpec = {
      name: 'POST /souq/bazaar/listings/{id}/buy',
      method: 'POST',
      path: '/souq/bazaar/listings/1/buy',
      auth: true,
      body: () => ({}),
      // Each buy takes the next listing of the pool: one buyer each, never a 409 from a race.
      each: (n) => ({
        cookie: cookies[n % cookies.length]!,
        body: {},
        path: `/souq/bazaar/listings/${pool[next++ % pool.length]!}/buy`,
      }),
    };
    const results = await againstBaseline([search, buy], run);
    const searchShare = results[0]!.rps / results[0]!.baselineRps!;
    if (searchShare < 0.2)
      failures.push(
        `[bazaar] search at ${(searchShare * 100).toFixed(1)} % of the baseline, target 20 %`,
      );
    if (next > pool.length) failures.push(`[bazaar] the buy pool (${pool.length}) ran out`);
  } finally {
    await server.stop();
  }
  const db = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    const ended = await endAuctions(db.db, buyers, sellers, opts.auctions);
    console.info(
      `[bazaar] one worker ended ${ended.count} auctions with a bid in ${(ended.ms / 1000).toFixed(1)} s: ` +
        `${Math.round(ended.count / (ended.ms / 1000))} auctions/s`,
    );
    const problems = await auditLedger(db.db);
    console.info(`[bazaar] ledger problems after the buys and the auctions: ${problems.length}`);
    if (problems.length > 0) failures.push(`[bazaar] ${problems.length} ledger problems`);
  } finally {
    await db.close();
  }
  return failures;
}

/** A fresh market: no listings left from an earlier run, rich buyers at level 10. */
async function prepareMarket(
  db: Db,
  buyers: readonly BenchPlayer[],
  sellers: readonly BenchPlayer[],
  listings: number,
  now: Date,
) {
  await db.execute(sql`truncate bazaar_bids, bazaar_listings`);
  const ids = `{${buyers.map((p) => p.id).join(',')}}`;
  await db.execute(sql`update profiles set level = 10 where id = any(${ids}::int[])`);
  for (const b of buyers) await grantToProfile(db, b.id, { gold: BUYER_GOLD, platinum: 0 }, now);
  const started = performance.now();
  await seedListings(
    db,
    sellers.map((p) => p.id),
    listings,
    now,
  );
  await db.execute(sql`analyze bazaar_listings`);
  console.info(
    `[bazaar] ${listings} open listings of ${sellers.length} sellers seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Fixed-price goods in gold, in a fixed random order: what the buy phase buys. */
async function buyPool(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from bazaar_listings where status = 'open' and kind = 'goods'
          and currency = 'gold' and auction_days is null order by md5(id::text)`,
  );
  return rows.map((r) => r.id);
}

/** Each spec after a warm-up, with the baseline before it and after it (their mean its ratio's). */
async function againstBaseline(
  specs: EndpointSpec[],
  run: Parameters<typeof runEndpoint>[1],
): Promise<EndpointResult[]> {
  await runEndpoint(BASELINE, { ...run, durationSeconds: 2 });
  const baselines = [await runEndpoint(BASELINE, run)];
  const results: EndpointResult[] = [];
  for (const spec of specs) {
    await runEndpoint(spec, { ...run, durationSeconds: 2 });
    const result = await runEndpoint(spec, run);
    const after = await runEndpoint(BASELINE, run);
    const baselineRps = Math.round((baselines.at(-1)!.rps + after.rps) / 2);
    results.push({ ...result, baselineRps });
    baselines.push(after);
    console.info(
      `[bazaar] ${spec.name.padEnd(38)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ` +
        `${((result.rps / baselineRps) * 100).toFixed(1)}% of baseline ${baselineRps} (p99 ${after.p99} ms)  ` +
        `errors ${result.errors} non-2xx ${result.non2xx} of ${result.total}`,
    );
  }
  return results;
}
