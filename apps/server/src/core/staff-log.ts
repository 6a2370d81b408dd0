import { sql, type SQL } from 'drizzle-orm';
import type { StaffLogEntry } from '@aleph/contracts';
import { queryRows, type Executor } from '../db/client.js';

/**
 * The staff log (docs/operations.md, "Moderation"): one row per staff action, from the console
 * or the operator CLI, written by `recordStaffAction` in the transaction of the action itself,
 * so an action and its record commit together or not at all. The table is append-only.
 */

/** Who acted: a staff member of the console, or the operator CLI (no account). */
export interface StaffActor {
  id: number | null;
  label: string;
}

export const CLI_ACTOR: StaffActor = { id: null, label: 'cli' };

/** Who acts and why: what a service that changes something for staff is given to record. */
export interface StaffRecord {
  actor: StaffActor;
  reason: string;
  /** The row's id when the caller reserved one (reserveStaffLogId) to answer it. */
  id?: number;
}

export interface StaffAction {
  actor: StaffActor;
  /** What was done: `suspend`, `grant`, `role.set`, ... */
  action: string;
  targetUserId?: number | null;
  reason: string;
  /** `before` and `after` where the action changes a value, and the action's parameters. */
  details?: Record<string, unknown>;
  at: Date;
  /** An id taken beforehand with `reserveStaffLogId` (a grant's ledger entries name it). */
  id?: number;
}

/**
 * The id the next staff-log row will have, taken now: an action whose own rows must name its
 * record (a grant's ledger entries carry it as their cause id) reserves it first.
 */
export async function reserveStaffLogId(tx: Executor): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('staff_log', 'id'))::int as id`,
  );
  return Number(row!.id);
}

/** Writes the action's row in the caller's transaction; answers its id. */
export async function recordStaffAction(tx: Executor, a: StaffAction): Promise<number> {
  const id = a.id ?? (await reserveStaffLogId(tx));
  await tx.execute(sql`insert into staff_log
      (id, at, actor_id, actor_label, action, target_user_id, reason, details)
    overriding system value
    values (${id}, ${a.at}, ${a.actor.id}, ${a.actor.label}, ${a.action},
      ${a.targetUserId ?? null}, ${a.reason}, ${JSON.stringify(a.details ?? {})}::jsonb)`);
  return id;
}

export interface StaffLogFilter {
  action?: string | undefined;
  targetUserId?: number | undefined;
  /** A staff member's id; null: the CLI's rows. */
  actorId?: number | null | undefined;
  /** Rows older than this id (the page before). */
  beforeId?: number | undefined;
  limit: number;
}

interface Row {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_label: string;
  action: string;
  target_user_id: number | null;
  target_login: string | null;
  reason: string;
  details: unknown;
}

/** Newest first, by id; each filter narrows it. */
export async function readStaffLog(db: Executor, f: StaffLogFilter): Promise<StaffLogEntry[]> {
  const where: SQL[] = [sql`true`];
  if (f.action !== undefined) where.push(sql`l.action = ${f.action}`);
  if (f.targetUserId !== undefined) where.push(sql`l.target_user_id = ${f.targetUserId}`);
  if (f.actorId === null) where.push(sql`l.actor_id is null`);
  else if (f.actorId !== undefined) where.push(sql`l.actor_id = ${f.actorId}`);
  if (f.beforeId !== undefined) where.push(sql`l.id < ${f.beforeId}`);
  const rows = await queryRows<Row>(
    db,
    sql`select l.id, l.at, l.actor_id, l.actor_label, l.action, l.target_user_id,
        u.login as target_login, l.reason, l.details
      from staff_log l left join users u on u.id = l.target_user_id
      where ${sql.join(where, sql` and `)}
      order by l.id desc limit ${f.limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actorId: r.actor_id === null ? null : Number(r.actor_id),
    actorLabel: r.actor_label,
    action: r.action,
    targetUserId: r.target_user_id === null ? null : Number(r.target_user_id),
    targetLogin: r.target_login,
    reason: r.reason,
    details: r.details,
  }));
}
