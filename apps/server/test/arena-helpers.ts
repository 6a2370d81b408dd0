import { sql } from 'drizzle-orm';
import type { ArenaBattle, ErrorBody } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { missions } from '../src/db/schema.js';
import { client, starter } from './game-helpers.js';
import { signedInPlayer, type TestContext } from './helpers.js';

export interface Res<T> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A signed-in player at `level` (10 by default) with the starter's land and two heroes. */
export async function arenaPlayer(ctx: TestContext, level = 10) {
  const reg = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${reg.login}`,
  );
  const id = row!.id;
  await ctx.database.db.execute(sql`update profiles set level = ${level} where id = ${id}`);
  const api = client(ctx, reg.cookie);
  const { land, resident, homeless } = await starter(api);
  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { cookie: reg.cookie },
      ...(payload ? { payload } : {}),
    });
    return {
      status: res.statusCode,
      body: res.body ? res.json() : undefined,
      headers: res.headers,
    };
  };
  return {
    id,
    nickname: reg.login,
    cookie: reg.cookie,
    api,
    land,
    heroIds: [resident.heroid, homeless.heroid],
    homeless,
    call,
    setDefence: (heroes: number[]) => call('PUT', '/halba/defence', { heroes }),
    /** Makes `opponents` the player's latest offer, now (see `offer`). */
    offer: (opponents: number[]) => offer(ctx, id, opponents),
    attack: (opponent: number, heroes: number[]) =>
      call('POST', '/halba/attack', { opponent, heroes }) as Promise<
        Res<ArenaBattle & Partial<ErrorBody>>
      >,
  };
}

export type ArenaPlayer = Awaited<ReturnType<typeof arenaPlayer>>;

/**
 * Makes `opponents` the player's latest offer at the test clock's now, as `GET /halba/opponents`
 * stores it; an attack may target only them (docs/game-rules.md, Arena). Written directly: a
 * test's players all stand near the start rating, so the five nearest are whoever came first.
 * test/arena-offers.test.ts asks for offers through the API.
 */
export async function offer(ctx: TestContext, profileId: number, opponents: number[]) {
  await ctx.database.db.execute(sql`insert into arena_offers (profile_id, opponents, offered_at)
    values (${profileId}, ${`{${opponents.join(',')}}`}::int[], ${ctx.clock.now()})
    on conflict (profile_id) do update set opponents = excluded.opponents, offered_at = excluded.offered_at`);
}

/** Ratings as stored, by profile id. */
export async function ratings(ctx: TestContext, ids: number[]): Promise<number[]> {
  const rows = await queryRows<{ profile_id: number; rating: number }>(
    ctx.database.db,
    sql`select profile_id, rating from arena_players where profile_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return ids.map((id) => rows.find((r) => r.profile_id === id)?.rating ?? 1000);
}

/** Sends the player's homeless hero on a running mission (a day long), written directly. */
export async function sendOnMission(ctx: TestContext, p: ArenaPlayer): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.db.insert(missions).values({
    profileId: p.id,
    heroId: p.homeless.heroid,
    landId: p.land.landid,
    type: 'GOLDCLAIM',
    params: { landid: p.land.landid, heroid: p.homeless.heroid },
    seed: 1,
    reservation: { elemid: null, elementals: 0, shards: 0, items: {} },
    startedAt: now,
    eta: new Date(now.getTime() + 86_400_000),
    status: 'running',
  });
}
