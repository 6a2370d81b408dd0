import http from 'node:http';
import { EconomyErrorCode } from '@aleph/contracts';
import { traderCapLeft, utcDayStart } from '@aleph/rules';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { grantToLand } from '../src/modules/world/grants.js';
import { BASELINE } from './endpoints.js';
import { runEndpoint, type EndpointResult, type EndpointSpec } from './http.js';
import { benchPlayers, type BenchPlayer } from './players.js';
import { BENCH_PASSWORD, seedWorld } from './seed.js';
import { signIn, startBenchServer } from './server-process.js';
import { ensureDatabase } from './bench-database.js';

/** The hot good every connection sells (docs/performance.md, Gold economy). */
const HOT = 'SKILL_POT';
const STOCK = 1_000_000;
/**
 * Gold of the day's cap a seller must have left to be chosen: more than the most one seller
 * was paid in a 10-second fresh phase (under 6,000 gold on 24 November 2026); at the floor a
 * seller is paid 1 gold a sale, a few hundred a run.
 */
const CAP_NEEDED = 10_000;

/**
 * Two disjoint groups of `count` bench players, one for each phase, those who received the
 * least gold from the trader today first; the bench stops if a chosen seller has less than
 * `CAP_NEEDED` of the day's cap left.
 */
async function sellersWithCapLeft(
  db: Db,
  players: number,
  count: number,
): Promise<{ fresh: BenchPlayer[]; floor: BenchPlayer[] }> {
  const all = await benchPlayers(db, players);
  const since = new Date(utcDayStart(Date.now()));
  const rows = await queryRows<{ profile_id: number; sold: string }>(
    db,
    sql`select profile_id, sum(total) as sold from trader_trades
        where side = 'sell' and created_at >= ${since} group by profile_id`,
  );
  const sold = new Map(rows.map((r) => [Number(r.profile_id), Number(r.sold)]));
  const chosen = [...all]
    .sort((a, b) => (sold.get(a.id) ?? 0) - (sold.get(b.id) ?? 0) || a.id - b.id)
    .slice(0, 2 * count);
  if (chosen.length < 2 * count)
    throw new Error(
      `[trader] ${2 * count} sellers wanted, ${chosen.length} exist: --trader-players`,
    );
  const most = Math.max(...chosen.map((p) => sold.get(p.id) ?? 0));
  if (traderCapLeft(most) < CAP_NEEDED)
    throw new Error(
      `[trader] a seller has ${traderCapLeft(most)} gold of today's cap left: run with more --trader-players or a fresh database`,
    );
  console.info(
    `[trader] sellers: ${count} + ${count} of ${all.length} players, the most one of them was paid today: ${most} gold`,
  );
  return { fresh: chosen.slice(0, count), floor: chosen.slice(count) };
}

interface Seller {
  cookie: string;
  landid: number;
}

/** One POST over a kept-alive connection: node:http costs the bench far less CPU than fetch. */
function post(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One connection's loop: sell one unit at the price last seen (the previous answer's quote,
 * or the 409's new one), as a player who accepts each new quote at once would.
 */
async function sellLoop(url: string, s: Seller, id: number, until: number, price: number) {
  let ok = 0;
  let stale = 0;
  let capped = 0;
  let other = 0;
  const latencies: number[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(`${url}/souq/trader/sell`);
  for (let n = 0; performance.now() < until; n++) {
    const started = performance.now();
    const res = await post(
      agent,
      target,
      {
        cookie: s.cookie,
        'content-type': 'application/json',
        'idempotency-key': `bench-${id}-${n}-${Date.now()}`,
      },
      JSON.stringify({ landid: s.landid, kind: 'item', code: HOT, quantity: 1, price }),
    );
    const body = JSON.parse(res.body) as { quote?: { buyPrice: number }; code?: string };
    latencies.push(performance.now() - started);
    if (res.status === 200) ok++;
    else if (res.status === 409 && body.quote) stale++;
    else if (body.code === EconomyErrorCode.dailyCap) capped++;
    else other++;
    if (body.quote) price = body.quote.buyPrice;
  }
  agent.destroy();
  return { ok, stale, capped, other, latencies };
}

/**
 * Trades per second through the Greedy trader on one hot good at `connections` connections on
 * PostgreSQL, each a different player; the ledger is audited afterwards. Then the economy's
 * reads against the baseline measured around them.
 */
export async function traderBench(
  url: string,
  opts: { players: number; connections: number; durationSeconds: number },
) {
  await ensureDatabase(url);
  const setup = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await setup.migrate();
  await seedWorld(setup.db, opts.players, new Date());
  // Each phase sells as its own players, those with the most of the day's cap left: the
  // fresh phase pays hundreds of gold a sale, and sellers who reach the daily cap (docs/
  // game-rules.md, Gold economy) would measure refusals at the floor, not trades.
  const { fresh: freshSellers, floor: floorSellers } = await sellersWithCapLeft(
    setup.db,
    opts.players,
    opts.connections,
  );
  const sellers = [...freshSellers, ...floorSellers];
  const ids = `{${sellers.map((p) => p.id).join(',')}}`;
  await setup.db.execute(sql`update profiles set level = 10 where id = any(${ids}::int[])`);
  // A fresh good: no pressure left from an earlier run.
  await setup.db.execute(sql`delete from trader_pressure where good = ${`item:${HOT}`}`);
  // Stock topped up to STOCK units on each seller's land (granted like any operator grant).
  const held = await queryRows<{ land_id: number; balance: string }>(
    setup.db,
    sql`select land_id, balance from land_items
        where item_code = ${HOT} and land_id = any(${`{${sellers.map((p) => p.landid).join(',')}}`}::int[])`,
  );
  const holds = new Map(held.map((r) => [Number(r.land_id), Number(r.balance)]));
  for (const p of sellers) {
    const missing = STOCK - (holds.get(p.landid) ?? 0);
    if (missing > 0)
      await grantToLand(setup.db, p.landid, { items: { [HOT]: missing } }, new Date());
  }
  await setup.close();

  const server = await startBenchServer({ DATABASE_URL: url });
  try {
    const signed = await signIn(
      server.url,
      sellers.map((p) => p.login),
      BENCH_PASSWORD,
    );
    const freshCookies = signed.slice(0, freshSellers.length);
    const floorCookies = signed.slice(freshSellers.length);
    const fresh = await tradePhase(server.url, freshCookies, freshSellers, opts);
    // The same good after players have sold it for a while: at its floor of 1 gold the price
    // stops moving, so quotes stay good and the trades queue only on the good's row.
    const floor = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await floor.db.execute(
      sql`update trader_pressure set pressure = 10000, at = now() where good = ${`item:${HOT}`}`,
    );
    await floor.close();
    // The server keeps quotes for up to a second (docs/performance.md, Gold economy).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const crushed = await tradePhase(server.url, floorCookies, floorSellers, opts);
    const check = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const problems = await auditLedger(check.db);
    await check.close();
    console.info(`[trader] ledger problems after both phases: ${problems.length}`);
    const reads = await readPass(server.url, floorCookies, floorSellers, opts);
    return { fresh, crushed, ledgerProblems: problems.length, ...reads };
  } finally {
    await server.stop();
  }
}

async function tradePhase(
  url: string,
  cookies: string[],
  players: ReadonlyArray<{ landid: number }>,
  opts: { connections: number; durationSeconds: number },
) {
  const quote = (await (
    await fetch(`${url}/souq/trader`, { headers: { cookie: cookies[0]! } })
  ).json()) as { quotes: Array<{ code: string | null; buyPrice: number }> };
  const first = quote.quotes.find((q) => q.code === HOT)!.buyPrice;
  const started = performance.now();
  const until = started + opts.durationSeconds * 1000;
  const loops = await Promise.all(
    players.map((p, i) =>
      sellLoop(url, { cookie: cookies[i]!, landid: p.landid }, i, until, first),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const all = loops.flatMap((l) => l.latencies).sort((a, b) => a - b);
  const trades = loops.reduce((n, l) => n + l.ok, 0);
  const result = {
    startPrice: first,
    tradesPerSecond: Math.round(trades / seconds),
    requestsPerSecond: Math.round(all.length / seconds),
    trades,
    stale: loops.reduce((n, l) => n + l.stale, 0),
    capped: loops.reduce((n, l) => n + l.capped, 0),
    other: loops.reduce((n, l) => n + l.other, 0),
    p50: Math.round(all[Math.floor(all.length * 0.5)] ?? 0),
    p99: Math.round(all[Math.floor(all.length * 0.99)] ?? 0),
  };
  console.info(
    `[trader] from ${first} gold: ${result.tradesPerSecond} trades/s (${result.requestsPerSecond} requests/s) ` +
      `at ${opts.connections} connections: ${trades} trades, ${result.stale} stale quotes, ` +
      `${result.capped} refused by the daily cap, ${result.other} other answers; p50 ${result.p50} ms, p99 ${result.p99} ms`,
  );
  return result;
}

async function readPass(
  url: string,
  cookies: string[],
  players: ReadonlyArray<{ landid: number; heroid: number }>,
  opts: { connections: number; durationSeconds: number },
) {
  const run = { url, connections: opts.connections, cookies, playerData: players };
  // GET /ard/lands: an existing read, for comparison with docs/performance.md's tables.
  const paths = ['/souq/trader', '/souq/secret', '/hadath/luckycoin', '/ard/lands'];
  const specs: EndpointSpec[] = paths.map((path) => ({
    name: `GET ${path}`,
    method: 'GET' as const,
    path,
    auth: true,
  }));
  await runEndpoint(BASELINE, { ...run, durationSeconds: 2 });
  const baselines = [
    await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds }),
  ];
  const results: EndpointResult[] = [];
  for (const spec of specs) {
    await runEndpoint(spec, { ...run, durationSeconds: 2 });
    const result = await runEndpoint(spec, { ...run, durationSeconds: opts.durationSeconds });
    const after = await runEndpoint(BASELINE, { ...run, durationSeconds: opts.durationSeconds });
    const baselineRps = Math.round((baselines.at(-1)!.rps + after.rps) / 2);
    results.push({ ...result, baselineRps });
    baselines.push(after);
    console.info(
      `[trader] ${spec.name.padEnd(24)} ${String(result.rps).padStart(7)} req/s  p99 ${result.p99} ms  ` +
        `${((result.rps / baselineRps) * 100).toFixed(1)}% of baseline ${baselineRps}  ` +
        `errors ${result.errors + result.non2xx}`,
    );
  }
  return { baselines, results };
}
