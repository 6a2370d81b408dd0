import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { grantToLand, grantToProfile, type LandGrant } from '../src/modules/world/grants.js';
import { client, starter } from './game-helpers.js';
import { signedInPlayer, type TestContext } from './helpers.js';

let keys = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `econ-key-${++keys}-${process.pid}`;

/** A signed-in player at `level` with gold and the given goods on the starter land. */
export async function economyPlayer(
  ctx: TestContext,
  options: { level?: number; gold?: number; platinum?: number; land?: LandGrant } = {},
) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const profileId = row!.id;
  const db = ctx.database.db;
  await db.execute(sql`update profiles set level = ${options.level ?? 10} where id = ${profileId}`);
  const now = ctx.clock.now();
  if (options.gold || options.platinum) {
    await grantToProfile(
      db,
      profileId,
      { gold: options.gold ?? 0, platinum: options.platinum ?? 0 },
      now,
    );
  }
  const { land } = await starter(api);
  if (options.land) await grantToLand(db, land.landid, options.land, now);
  /** A request with an Idempotency-Key header (a fresh one unless given). */
  const send = async (url: string, payload: object, key = newKey()) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: p.cookie, 'idempotency-key': key },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  return { api, send, profileId, landid: land.landid, cookie: p.cookie };
}

/** The player's gold and platinum, and one item's balance on a land. */
export async function balances(ctx: TestContext, profileId: number, landId: number, code: string) {
  const [row] = await queryRows<{ gold: string; platinum: string; items: string | null }>(
    ctx.database.db,
    sql`select p.gold, p.platinum,
          (select balance from land_items where land_id = ${landId} and item_code = ${code}) as items
        from profiles p where p.id = ${profileId}`,
  );
  return {
    gold: Number(row!.gold),
    platinum: Number(row!.platinum),
    items: Number(row!.items ?? 0),
  };
}
