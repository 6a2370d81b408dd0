import { sql } from 'drizzle-orm';
import type { PlayerSignals, SignalClusters, StaffRole } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { statusOf } from '../../core/account-status.js';
import { signalsSince as since } from '../../core/clusters.js';
import { assertPlayer } from './players.js';
import { transfersWithin } from './signal-transfers.js';

/**
 * Multi-account signals (docs/operations.md, "Moderation"): accounts that signed in from one
 * client address (its keyed hash) or one browser (the device cookie) within the signals window
 * (core/clusters.ts), and the value moved between such accounts: arena battles and Bazaar sales.
 */

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/** The accounts linked to `id`, how, and the transfers between any of them and `id`. */
export async function playerSignals(db: Executor, id: number, now: Date): Promise<PlayerSignals> {
  await assertPlayer(db, id);
  const from = since(now);
  const rows = await queryRows<{
    id: number;
    login: string;
    role: StaffRole;
    via: string;
    last_seen: Date | string;
    suspended_until: Date | string | null;
    banned_at: Date | string | null;
    muted_until: Date | string | null;
  }>(
    db,
    sql`with mine as (
        select address_hash, device_id from sign_ins where user_id = ${id} and at > ${from}),
      links as (
        select o.user_id, 'address' as via, o.at from sign_ins o
          where o.at > ${from} and o.user_id <> ${id}
            and o.address_hash in (select address_hash from mine)
        union all
        select o.user_id, 'device' as via, o.at from sign_ins o
          where o.at > ${from} and o.user_id <> ${id}
            and o.device_id in (select device_id from mine where device_id is not null))
      select u.id, u.login, u.role, l.via, max(l.at) as last_seen,
        u.suspended_until, u.banned_at, u.muted_until
      from links l join users u on u.id = l.user_id
      group by u.id, u.login, u.role, l.via, u.suspended_until, u.banned_at, u.muted_until
      order by u.id, l.via`,
  );
  const linked = new Map<number, PlayerSignals['linked'][number]>();
  for (const r of rows) {
    const key = Number(r.id);
    const seen = new Date(r.last_seen).toISOString();
    const known = linked.get(key);
    const via = r.via as 'address' | 'device';
    if (known) {
      known.via.push(via);
      if (seen > known.lastSeen) known.lastSeen = seen;
      continue;
    }
    linked.set(key, {
      id: key,
      login: r.login,
      via: [via],
      lastSeen: seen,
      status: statusOf(
        {
          suspendedUntil: asDate(r.suspended_until),
          bannedAt: asDate(r.banned_at),
          mutedUntil: asDate(r.muted_until),
        },
        now,
      ),
    });
  }
  const flagged = await transfersWithin(db, [id, ...linked.keys()], now, id);
  return { linked: [...linked.values()], flagged };
}

/** Union-find over account ids. */
class Groups {
  private parent = new Map<number, number>();
  find(x: number): number {
    let root = x;
    while ((this.parent.get(root) ?? root) !== root) root = this.parent.get(root)!;
    let node = x;
    while (node !== root) {
      const next = this.parent.get(node) ?? node;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }
  join(ids: readonly number[]) {
    const [first, ...rest] = ids.map((i) => this.find(i));
    if (first === undefined) return;
    this.parent.set(first, first);
    for (const r of rest) this.parent.set(r, first);
  }
  members(): number[][] {
    const by = new Map<number, number[]>();
    for (const id of this.parent.keys()) {
      const root = this.find(id);
      by.set(root, [...(by.get(root) ?? []), id]);
    }
    return [...by.values()];
  }
}

/** The largest groups shown. */
const MAX_CLUSTERS = 100;

/**
 * Connected groups of accounts linked by a shared address hash or device id within the window,
 * largest first, each with the number of transfers (arena battles, Bazaar sales) between its
 * members.
 */
export async function signalClusters(db: Executor, now: Date): Promise<SignalClusters> {
  const from = since(now);
  const keys = await queryRows<{ ids: number[] }>(
    db,
    sql`select array_agg(distinct user_id) as ids from sign_ins
        where at > ${from} group by address_hash having count(distinct user_id) > 1
      union all
      select array_agg(distinct user_id) as ids from sign_ins
        where at > ${from} and device_id is not null
        group by device_id having count(distinct user_id) > 1`,
  );
  const groups = new Groups();
  for (const k of keys) groups.join(k.ids.map(Number));
  const clusters = groups
    .members()
    .sort((a, b) => b.length - a.length || Math.min(...a) - Math.min(...b))
    .slice(0, MAX_CLUSTERS);
  const ids = clusters.flat();
  const logins = new Map(
    (ids.length === 0
      ? []
      : await queryRows<{ id: number; login: string }>(
          db,
          sql`select id, login from users where id = any(${`{${ids.join(',')}}`}::int[])`,
        )
    ).map((r) => [Number(r.id), r.login]),
  );
  const result: SignalClusters['clusters'] = [];
  for (const members of clusters) {
    const sorted = [...members].sort((a, b) => a - b);
    result.push({
      size: sorted.length,
      members: sorted.map((id) => ({ id, login: logins.get(id) ?? `#${id}` })),
      flagged: (await transfersWithin(db, sorted, now)).length,
    });
  }
  return { clusters: result };
}
