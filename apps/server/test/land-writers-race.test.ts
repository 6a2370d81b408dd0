import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TraderQuotes } from '@aleph/contracts';
import { Element } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { auditLedger } from '../src/core/audit.js';
import { openLuckyEvent } from '../src/modules/economy/lucky.js';
import { settlePlayerDue } from '../src/modules/missions/settle.js';
import { grantToLand } from '../src/modules/world/grants.js';
import { createTestContext, type TestContext } from './helpers.js';
import { economyPlayer } from './economy-helpers.js';
import { DAY, HOUR } from './game-helpers.js';
import { sample } from './ops-client.js';

/**
 * Every pair of writers that change one land, run against each other while a third transaction
 * holds the land's row, so both queue for it and the second is granted the row only after the
 * first committed. A writer that read the land's elements in the statement that waited for the
 * lock would see them as they were before the first writer's change and write them back (the
 * books then disagree: docs/decisions/0003-missions-and-settlement.md). The ledger audit must
 * be clean after each pair, and neither writer may have deadlocked with the other: every writer
 * takes the player's profile before heroes and lands (core/land-query.ts), and a deadlock costs
 * a player a second of waiting, or the request if its writer does not retry. Holding a row while
 * requests run needs a second connection: PostgreSQL only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  await openLuckyEvent(ctx.database.db, ctx.clock.now(), 24 * 365, 'land writers test');
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

/** Transactions this process retried after a deadlock, as its /metrics reports them. */
async function deadlocks(): Promise<number> {
  const scrape = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  const retried = sample(scrape.body, 'aleph_db_transaction_retries_total', { reason: 'deadlock' });
  expect(retried, 'the series aleph_db_transaction_retries_total{reason="deadlock"}').toBeDefined();
  return retried!;
}

/** A level-10 player whose starter land holds enough of everything for every writer below. */
async function writerPlayer() {
  const p = await economyPlayer(ctx, {
    level: 10,
    gold: 20_000,
    land: {
      items: { LUCKY_COIN: 3, SKILL_POT: 3, TOWER_STONE: 6, SEAL_FIRE: 3 },
      shards: { element: Element.Fire, amount: 10 },
    },
  });
  for (const element of [Element.Air, Element.Fire, Element.Water, Element.Earth])
    await grantToLand(db(), p.landid, { elementals: { element, amount: 3_000 } }, ctx.clock.now());
  await db().execute(
    sql`update heroes set skills = '{40,40,40,40,40,40,40,40}', xp = 4000 where owner_id = ${p.profileId}`,
  );
  // IMPROVESEAL needs a Rare seal.
  await db().execute(
    sql`update land_elements set seals = 3 where land_id = ${p.landid} and element = ${Element.Fire}`,
  );
  const heroes = await p.api.heroes();
  const residents = heroes.filter((h) => h.residenceid === p.landid);
  const traveller = heroes.find((h) => h.residenceid === null)!;
  // The third hero moves in and searches for a day: the settlement writer makes that search due
  // and settles it; until then no request of the player has anything to settle first.
  await db().execute(
    sql`update heroes set residence_id = ${p.landid} where id = ${traveller.heroid}`,
  );
  const search = await p.api.post('/misaar/mission/start', {
    missionType: 'SEARCHELEMENT',
    landid: p.landid,
    heroid: traveller.heroid,
    elemid: Element.Air,
    hours: 24,
  });
  expect(search.status, JSON.stringify(search.body)).toBe(200);
  ctx.clock.advance(HOUR);
  return { ...p, residents: residents.map((h) => h.heroid) };
}

type Player = Awaited<ReturnType<typeof writerPlayer>>;
/** A writer: `slot` (0 or 1) picks the resident hero it may use. Answers an HTTP status. */
type Writer = (p: Player, slot: number) => Promise<number>;

const start = (p: Player, body: object) =>
  p.api.post('/misaar/mission/start', { landid: p.landid, ...body }).then((r) => r.status);

const WRITERS: Record<string, Writer> = {
  'tower upgrade start': (p, slot) =>
    start(p, {
      missionType: 'UPGRADETOWER',
      heroid: p.residents[slot]!,
      elemid: slot === 0 ? Element.Air : Element.Earth,
      currentLevel: 0,
    }),
  'seal improvement start': (p, slot) =>
    start(p, { missionType: 'IMPROVESEAL', heroid: p.residents[slot]!, elemid: Element.Fire }),
  'hero level-up start': (p, slot) =>
    start(p, { missionType: 'HEROLEVELUP', heroid: p.residents[slot]! }),
  settlement: async (p) => {
    const now = ctx.clock.now();
    await db().execute(
      sql`update missions set eta = ${now} where profile_id = ${p.profileId} and type = 'SEARCHELEMENT'`,
    );
    await settlePlayerDue(db(), p.profileId, now);
    return 200;
  },
  grant: (p) =>
    grantToLand(
      db(),
      p.landid,
      {
        elementals: { element: Element.Air, amount: 7 },
        shards: { element: Element.Fire, amount: 1 },
        items: { TOWER_STONE: 1 },
      },
      ctx.clock.now(),
    ).then(() => 200),
  'trader sale': async (p) => {
    const quotes = (await p.api.get('/souq/trader')).body as TraderQuotes;
    const fire = quotes.quotes.find((q) => q.kind === 'elemental' && q.elemid === Element.Fire)!;
    const sale = await p.send('/souq/trader/sell', {
      landid: p.landid,
      kind: 'elemental',
      elemid: Element.Fire,
      quantity: 1,
      price: fire.buyPrice,
    });
    return sale.status;
  },
  'Lucky coin toss': (p) =>
    p.send('/hadath/luckycoin/toss', { landid: p.landid }).then((r) => r.status),
  'Skill Pot': (p, slot) =>
    p.api
      .post(`/abtal/heroes/${p.residents[slot]!}/pot`, { landid: p.landid, skill: 1 })
      .then((r) => r.status),
};

/** Backends of this test's database waiting for a lock. */
async function lockWaiters(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row!.n;
}

/** Polls until `n` backends wait for a lock; false if that does not happen in `ms`. */
async function waitForWaiters(n: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await lockWaiters()) >= n) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/**
 * Runs `first` and `second` on one player's land while another transaction holds the land's
 * row: `first` queues for it, then `second` does (or waits for something `first` holds), and
 * then the row is let go.
 */
async function race(p: Player, first: Writer, second: Writer) {
  let release!: () => void;
  let held!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const holding = new Promise<void>((r) => (held = r));
  const holder = db().transaction(async (tx) => {
    await tx.execute(sql`select id from lands where id = ${p.landid} for update`);
    held();
    await gate;
  });
  await holding;
  const answers: Promise<number>[] = [];
  try {
    answers.push(first(p, 0));
    // Every writer here takes the land's row: the first one must come to wait for it.
    expect(await waitForWaiters(1, 10_000), 'the first writer waits for the land').toBe(true);
    answers.push(second(p, 1));
    // The second waits for the land or for a row the first holds; a writer that queues inside
    // the server first (the trader's desk batches sales) may not reach the database yet.
    await waitForWaiters(2, 2_000);
  } finally {
    release();
    await holder;
  }
  return Promise.all(answers);
}

const names = Object.keys(WRITERS);

describe.skipIf(!process.env.TEST_DATABASE_URL)('writers of one land, two at a time', () => {
  for (const a of names)
    for (const b of names) {
      it(`${a}, then ${b}: both answer, the books stay exact`, async () => {
        const p = await writerPlayer();
        const deadlocksBefore = await deadlocks();
        const statuses = await race(p, WRITERS[a]!, WRITERS[b]!);
        // No writer deadlocked with the other (a retried one would still answer 200).
        expect(await deadlocks(), 'transactions retried after a deadlock').toBe(deadlocksBefore);
        // No writer fails; one may refuse what the other's change made impossible (409).
        for (const status of statuses) expect([200, 409]).toContain(status);
        // This player's balances: each pair has its own player, so each pair is judged alone.
        const mine = (await auditLedger(db())).filter(
          (problem) =>
            problem.balance.startsWith(`land ${p.landid} `) ||
            problem.balance.startsWith(`profile ${p.profileId} `),
        );
        expect(mine).toEqual([]);
        ctx.clock.advance(DAY);
      });
    }
});
