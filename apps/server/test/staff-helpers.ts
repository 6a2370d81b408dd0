import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Message, StaffLogEntry, StaffRole } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import type { TestContext } from './helpers.js';
import { newPlayer, send, type Call, type Player } from './abuse-players.js';

/** A player whose account has `role` (set as the CLI's `role set` does, in the database). */
export async function withRole(ctx: TestContext, role: StaffRole): Promise<Player> {
  const p = await newPlayer(ctx);
  await ctx.database.db.execute(sql`update users set role = ${role} where id = ${p.id}`);
  return p;
}

/** A request with this player's cookies. */
export const as = (ctx: TestContext, p: Player, call: Omit<Call, 'cookie'>) =>
  send(ctx, { ...call, cookie: p.cookie });

/** The newest staff-log row. */
export async function lastStaffLog(ctx: TestContext): Promise<StaffLogEntry & { id: number }> {
  const [row] = await queryRows<{
    id: number;
    at: Date | string;
    actor_id: number | null;
    actor_label: string;
    action: string;
    target_user_id: number | null;
    reason: string;
    details: unknown;
  }>(ctx.database.db, sql`select * from staff_log order by id desc limit 1`);
  expect(row, 'a staff-log row').toBeDefined();
  return {
    id: Number(row!.id),
    at: new Date(row!.at).toISOString(),
    actorId: row!.actor_id === null ? null : Number(row!.actor_id),
    actorLabel: row!.actor_label,
    action: row!.action,
    targetUserId: row!.target_user_id === null ? null : Number(row!.target_user_id),
    targetLogin: null,
    reason: row!.reason,
    details: row!.details,
  };
}

export async function staffLogCount(ctx: TestContext): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from staff_log`,
  );
  return Number(row!.n);
}

/** The account columns staff actions change, to show that a refused one changed nothing. */
export async function accountState(ctx: TestContext, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select u.role, u.suspended_until, u.banned_at, u.muted_until, u.status_reason,
        p.nickname, p.gold::float8 as gold, p.platinum::float8 as platinum, p.xp::float8 as xp,
        (select count(*)::int from sessions s where s.user_id = u.id and s.revoked_at is null)
          as live_sessions,
        (select count(*)::int from messages m where m.profile_id = u.id) as messages,
        (select count(*)::int from staff_log) as staff_log
      from users u join profiles p on p.id = u.id where u.id = ${id}`,
  );
  return row;
}

/** The newest inbox message of a player, as they read it. */
export async function lastMessage(ctx: TestContext, p: Player) {
  const res = await as(ctx, p, { method: 'GET', url: '/hatif/messages' });
  expect(res.statusCode).toBe(200);
  const list = res.json() as Message[];
  return list.sort((a, b) => b.msgid - a.msgid)[0]!;
}
