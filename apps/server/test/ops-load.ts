import { sql } from 'drizzle-orm';
import { createRng, rollHero, type Continent, type Element, type Terrain } from '@aleph/rules';
import { queryRows, type Db } from '../src/db/client.js';
import { auditLedger, type AuditProblem } from '../src/core/audit.js';
import { createHero, createLand } from '../src/core/create-lands-heroes.js';
import type { Player, Target } from './ops-client.js';

export interface Crew {
  player: Player;
  profileId: number;
  /** Heroes resident on the land they search (SEARCHELEMENT needs a resident). */
  heroes: Array<{ heroid: number; landid: number }>;
}

/** Gives a signed-up player `lands` more lands with five resident heroes each, in the database. */
export async function provision(
  db: Db,
  player: Player,
  lands: number,
  seed: number,
  now = new Date(),
): Promise<Crew> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where login = ${player.username}`,
  );
  if (!row) throw new Error(`no user ${player.username}`);
  const rng = createRng(seed);
  const heroes: Crew['heroes'] = [];
  for (let l = 0; l < lands; l++) {
    const spec = {
      continent: 1 as Continent,
      terrain: (l % 5) as Terrain,
      element: (l % 4) as Element,
    };
    const land = await createLand(db, row.id, spec, rng, now);
    for (let h = 0; h < 5; h++) {
      const heroid = await createHero(db, row.id, rollHero(rng, { rarity: 0 }), land.id, now);
      heroes.push({ heroid, landid: land.id });
    }
  }
  return { player, profileId: row.id, heroes };
}

export interface StartTally {
  /** Mission ids the server answered 200 for. */
  started: number[];
  statuses: Map<string, number>;
}

export function newTally(): StartTally {
  return { started: [], statuses: new Map() };
}

function count(tally: StartTally, key: string) {
  tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
}

/** Starts a search with one hero; a hero still away answers 409 HERO_BUSY, which is fine. */
export async function startSearch(
  target: Target,
  crew: Crew,
  hero: Crew['heroes'][number],
  tally: StartTally,
): Promise<void> {
  try {
    const res = await crew.player.call(target, 'POST', '/misaar/mission/start', {
      missionType: 'SEARCHELEMENT',
      landid: hero.landid,
      heroid: hero.heroid,
      elemid: hero.heroid % 4,
    });
    count(tally, `${res.status} ${(res.body as { code?: string } | undefined)?.code ?? ''}`.trim());
    if (res.status === 200) tally.started.push((res.body as { missionid: number }).missionid);
  } catch (err) {
    count(tally, `no answer (${(err as Error).name})`);
  }
}

/** Runs `work` on `concurrency` lanes over `items` until the list is done or `stop()` is true. */
export async function lanes<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop() && next < items.length) await work(items[next++]!);
    }),
  );
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function runningMissions(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from missions where status = 'running'`,
  );
  return Number(row?.n);
}

export interface Books {
  missions: number;
  settled: number;
  running: number;
  /** Missions whose XP was booked more or less than once. */
  notBookedOnce: number;
  /** Profiles whose mission reports differ from their settled missions. */
  reportMismatches: Array<{ profile_id: number; settled: number; reports: number }>;
  messagesByKind: Record<string, number>;
  achievementsEarned: number;
  audit: AuditProblem[];
}

/** What the database says about every mission, its XP booking, its report and the balances. */
export async function books(db: Db): Promise<Books> {
  const [totals] = await queryRows<{ missions: number; settled: number; running: number }>(
    db,
    sql`select count(*)::int as missions,
          count(*) filter (where status = 'settled')::int as settled,
          count(*) filter (where status = 'running')::int as running
        from missions`,
  );
  const [booked] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from missions m
        where (select count(*) from ledger l where l.cause = 'mission:' || m.type and l.asset = 'xp'
               and l.cause_id = m.id::text) <> case when m.status = 'settled' then 1 else 0 end`,
  );
  const reportMismatches = await queryRows<{
    profile_id: number;
    settled: number;
    reports: number;
  }>(
    db,
    sql`select p.id as profile_id,
          (select count(*)::int from missions m where m.profile_id = p.id and m.status = 'settled') as settled,
          (select count(*)::int from messages g where g.profile_id = p.id and g.kind = 'mission') as reports
        from profiles p
        where (select count(*) from missions m where m.profile_id = p.id and m.status = 'settled')
           <> (select count(*) from messages g where g.profile_id = p.id and g.kind = 'mission')`,
  );
  const kinds = await queryRows<{ kind: string; n: number }>(
    db,
    sql`select kind, count(*)::int as n from messages group by kind`,
  );
  // Each achievement earned writes one message (kind 'system', docs/game-rules.md).
  const [earned] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from achievements_earned`,
  );
  return {
    missions: Number(totals?.missions),
    settled: Number(totals?.settled),
    running: Number(totals?.running),
    notBookedOnce: Number(booked?.n),
    reportMismatches,
    messagesByKind: Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)])),
    achievementsEarned: Number(earned?.n ?? 0),
    audit: await auditLedger(db),
  };
}

export async function missionStatuses(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await queryRows<{ id: number; status: string }>(
    db,
    sql`select id, status from missions where id in ${sql.raw(`(${ids.join(',')})`)}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.status]));
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Mission starts on every hero, round and round, until stopped; answers are tallied. */
export function missionLoad(
  target: Target,
  crews: readonly Crew[],
  tally: StartTally,
  laneCount = 16,
) {
  const work = crews.flatMap((crew) => crew.heroes.map((hero) => ({ crew, hero })));
  let stopped = false;
  let next = 0;
  const done = Promise.all(
    Array.from({ length: laneCount }, async () => {
      while (!stopped) {
        const { crew, hero } = work[next++ % work.length]!;
        await startSearch(target, crew, hero, tally);
      }
    }),
  );
  return {
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** Moves a server's clock forward in steps so that missions keep falling due; returns its last time. */
export function clockLoad(target: Target, stepMs: number, everyMs: number) {
  let stopped = false;
  let last = 0;
  const done = (async () => {
    while (!stopped) {
      try {
        const res = await target.send('POST', '/__test/clock', { body: { advanceMs: stepMs } });
        if (res.status === 200) last = new Date((res.body as { now: string }).now).getTime();
      } catch {
        // the process was killed: the loop ends when stopped
      }
      await pause(everyMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return last;
    },
  };
}

/** Mission starts and profile reads by every player, until stopped. */
export function mixedLoad(target: Target, crews: readonly Crew[], tally: StartTally) {
  const missions = missionLoad(target, crews, tally, 8);
  let stopped = false;
  const reads = Promise.all(
    crews.map(async (crew) => {
      while (!stopped) {
        try {
          const res = await crew.player.call(target, 'GET', '/athar/profile');
          count(tally, `${res.status} ${(res.body as { code?: string }).code ?? ''}`.trim());
        } catch (err) {
          count(tally, `no answer (${(err as Error).name})`);
        }
      }
    }),
  );
  return {
    async stop() {
      stopped = true;
      await Promise.all([missions.stop(), reads]);
    },
  };
}
