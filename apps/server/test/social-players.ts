import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { signedInPlayer, type TestContext } from './helpers.js';
import { send, type Call } from './abuse-players.js';

/** A signed-in player at profile `level` (1: may write to anyone), with a request helper. */
export async function socialPlayer(ctx: TestContext, level = 1) {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number; nickname: string }>(
    ctx.database.db,
    sql`select p.id, p.nickname from users u join profiles p on p.id = u.id where u.login = ${p.login}`,
  );
  const id = Number(row!.id);
  await ctx.database.db.execute(sql`update profiles set level = ${level} where id = ${id}`);
  const call = (c: Omit<Call, 'cookie'>) => send(ctx, { ...c, cookie: p.cookie });
  return { id, nickname: row!.nickname, cookie: p.cookie, call };
}
export type SocialPlayer = Awaited<ReturnType<typeof socialPlayer>>;

/** `POST /hatif/messages` from `from`. */
export const write = (from: SocialPlayer, to: string, subject = 'Hello', body = 'Hi there.') =>
  from.call({ method: 'POST', url: '/hatif/messages', body: { to, subject, body } });

export async function countOf(ctx: TestContext, query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number }>(ctx.database.db, query);
  return Number(row?.n ?? 0);
}

/** The player's inbox rows from players, and their push events of the given types. */
export const inboxFromPlayers = (ctx: TestContext, id: number) =>
  countOf(
    ctx,
    sql`select count(*)::int as n from messages where profile_id = ${id} and kind = 'player'`,
  );
export const sentBy = (ctx: TestContext, id: number) =>
  countOf(ctx, sql`select count(*)::int as n from sent_messages where sender_id = ${id}`);
export async function eventsOf(ctx: TestContext, id: number, types: string[]) {
  return queryRows<{ type: string; data: unknown }>(
    ctx.database.db,
    sql`select type, data from player_events
      where profile_id = ${id} and type = any(${`{${types.join(',')}}`}::text[]) order by seq`,
  );
}
