import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_KINDS, type PushKind, type PushPayload } from '@aleph/contracts';
import { PUSH_CONFIG, pushRetryDelayMs } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { composePush, composeSummary, quietUntil } from '../modules/push/compose.js';
import type { Job } from './housekeeping.js';

/** A device a push is encrypted for and sent to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: `status` 0 for a network error or a timeout. */
export interface PushSendResult {
  status: number;
  retryAfterMs: number | null;
  error: string | null;
}

/** Encrypts and sends one push (modules/push/sender.ts). */
export interface PushTransport {
  send(
    target: PushTarget,
    payload: string,
    options: { ttlSeconds: number; urgency?: 'normal' | 'high' },
  ): Promise<PushSendResult>;
}

/** What the worker reports as it goes; the metrics module may implement it. */
export interface PushObserver {
  sent(): void;
  /** One failed attempt; `gaveUp` when the push will not be tried again. */
  failed(gaveUp: boolean): void;
  /** A device the push service says is gone, removed. */
  removed(): void;
}

export interface PushWorkerOptions {
  intervalMs?: number;
  /** Players whose queued pushes one transaction looks at. */
  playersPerBatch?: number;
  /** Deliveries one lease takes. */
  deliveriesPerBatch?: number;
  concurrency?: number;
  observer?: PushObserver;
}

/** The advisory lock space of a player's queue: one worker composes a player's pushes at a time. */
const LOCK_SPACE = 38_001;

interface QueueRow {
  id: number;
  profile_id: number;
  kind: string;
  data: unknown;
  state: string;
  created_at: Date | string;
}

interface Decision {
  /** Queue rows: their new state, `not_before` (or null: kept) and whether they are done. */
  rows: Array<{ id: number; s: string; nb: string | null; done: boolean }>;
  deliveries: Array<{ sub: number; payload: string }>;
}

const isKind = (kind: string): kind is PushKind => (PUSH_KINDS as readonly string[]).includes(kind);

/**
 * What to do with one player's open queue rows at `now` (docs/architecture.md, "Web push"):
 * - nothing to send to (no device, or the kind turned off, or older than PUSH_CONFIG.maxAgeMs):
 *   dropped;
 * - the player has an open event stream: dropped, they see the game's own toasts;
 * - inside quiet hours: held until they end;
 * - after quiet hours held some: one summary of everything open;
 * - otherwise per kind: one push of all its rows, unless one of that kind went out within the
 *   fold window: then they wait for its end and go out together.
 */
export function decide(
  rows: QueueRow[],
  player: {
    kinds: ReadonlySet<string>;
    quiet: { start: number; end: number } | null;
    timeZone: string;
    devices: number[];
    streamOpen: boolean;
    lastSent: ReadonlyMap<string, Date>;
  },
  now: Date,
  out: Decision,
): void {
  const done = (r: QueueRow, s: string) => out.rows.push({ id: r.id, s, nb: null, done: true });
  const live: QueueRow[] = [];
  for (const r of rows) {
    const old = now.getTime() - new Date(r.created_at).getTime() > PUSH_CONFIG.maxAgeMs;
    if (!isKind(r.kind) || !player.kinds.has(r.kind) || old || player.devices.length === 0)
      done(r, 'dropped');
    else if (player.streamOpen) done(r, 'dropped');
    else live.push(r);
  }
  if (live.length === 0) return;
  const send = (payload: PushPayload) => {
    const text = JSON.stringify(payload);
    for (const sub of player.devices) out.deliveries.push({ sub, payload: text });
  };
  const until = quietUntil(player.quiet, player.timeZone, now);
  if (until) {
    for (const r of live)
      out.rows.push({ id: r.id, s: 'held', nb: until.toISOString(), done: false });
    return;
  }
  if (live.some((r) => r.state === 'held')) {
    send(
      composeSummary(
        live.map((r) => ({ kind: r.kind as PushKind, data: r.data })),
        now,
      ),
    );
    for (const r of live) done(r, 'sent');
    return;
  }
  const byKind = new Map<PushKind, QueueRow[]>();
  for (const r of live)
    byKind.set(r.kind as PushKind, [...(byKind.get(r.kind as PushKind) ?? []), r]);
  for (const [kind, list] of byKind) {
    const last = player.lastSent.get(kind);
    const opens = last ? last.getTime() + PUSH_CONFIG.foldWindowMs : 0;
    if (opens > now.getTime()) {
      const nb = new Date(opens).toISOString();
      for (const r of list) out.rows.push({ id: r.id, s: 'queued', nb, done: false });
      continue;
    }
    send(
      composePush(
        kind,
        list.map((r) => r.data),
        now,
      ),
    );
    for (const r of list) done(r, 'sent');
  }
}

const intList = (ids: Iterable<number>) => `{${[...ids].join(',')}}`;

/**
 * Composes the pushes of up to `limit` players with due queue rows, in one transaction: each
 * player is taken under an advisory lock (another process skips them), so a burst is folded
 * once and a push is made once. Answers the number of players looked at.
 */
export async function composeDue(db: Db, now: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const players = await queryRows<{ p: number }>(
      tx,
      sql`select c.p from (
            select distinct profile_id as p from push_queue
            where done_at is null and not_before <= ${now} limit ${limit}) c
          where pg_try_advisory_xact_lock(${LOCK_SPACE}, c.p)`,
    );
    if (players.length === 0) return 0;
    const ids = intList(players.map((p) => Number(p.p)));
    const decision: Decision = { rows: [], deliveries: [] };
    const state = await playerState(tx, ids, now);
    for (const p of players) {
      const id = Number(p.p);
      const prefs = state.prefs.get(id);
      decide(
        state.rows.get(id) ?? [],
        {
          kinds: prefs ? new Set(prefs.kinds) : new Set(PUSH_KINDS),
          quiet:
            prefs && prefs.quiet_start !== null && prefs.quiet_end !== null
              ? { start: prefs.quiet_start, end: prefs.quiet_end }
              : null,
          timeZone: prefs?.time_zone ?? 'UTC',
          devices: state.devices.get(id) ?? [],
          streamOpen: state.open.has(id),
          lastSent: state.lastSent.get(id) ?? new Map(),
        },
        now,
        decision,
      );
    }
    await queryRows(
      tx,
      sql`with u as (
            select * from jsonb_to_recordset(${JSON.stringify(decision.rows)}::jsonb)
              as u(id bigint, s text, nb timestamptz, done boolean)),
          changed as (
            update push_queue q set state = u.s, not_before = coalesce(u.nb, q.not_before),
              done_at = case when u.done then ${now}::timestamptz end
            from u where q.id = u.id returning 1)
          insert into push_deliveries (subscription_id, payload, created_at, next_at)
          select x.sub, x.payload, ${now}::timestamptz, ${now}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(decision.deliveries)}::jsonb) as x(sub int, payload text)`,
    );
    return players.length;
  });
}

/** The locked players' open rows, choices, devices, open streams and last pushes per kind. */
async function playerState(tx: Executor, ids: string, now: Date) {
  const [rows, prefs, devices, open, sent] = [
    await queryRows<QueueRow>(
      tx,
      sql`select id, profile_id, kind, data, state, created_at from push_queue
          where profile_id = any(${ids}::int[]) and done_at is null order by id`,
    ),
    await queryRows<{
      profile_id: number;
      kinds: string[];
      quiet_start: number | null;
      quiet_end: number | null;
      time_zone: string;
    }>(
      tx,
      sql`select profile_id, kinds, quiet_start, quiet_end, time_zone from push_preferences
          where profile_id = any(${ids}::int[])`,
    ),
    await queryRows<{ id: number; profile_id: number }>(
      tx,
      sql`select id, profile_id from push_subscriptions
          where profile_id = any(${ids}::int[]) and (expires_at is null or expires_at > ${now})
          order by id`,
    ),
    await queryRows<{ profile_id: number }>(
      tx,
      sql`select distinct profile_id from open_streams where profile_id = any(${ids}::int[])
          and seen_at > ${new Date(now.getTime() - PUSH_CONFIG.streamStaleMs)}`,
    ),
    await queryRows<{ profile_id: number; kind: string; at: Date | string }>(
      tx,
      sql`select profile_id, kind, max(done_at) as at from push_queue
          where profile_id = any(${ids}::int[]) and state = 'sent'
            and done_at > ${new Date(now.getTime() - PUSH_CONFIG.foldWindowMs)}
          group by profile_id, kind`,
    ),
  ];
  const group = <T, V>(list: T[], key: (t: T) => number, value: (t: T) => V) => {
    const map = new Map<number, V[]>();
    for (const t of list) map.set(key(t), [...(map.get(key(t)) ?? []), value(t)]);
    return map;
  };
  const lastSent = new Map<number, Map<string, Date>>();
  for (const s of sent) {
    const map = lastSent.get(Number(s.profile_id)) ?? new Map<string, Date>();
    map.set(s.kind, new Date(s.at));
    lastSent.set(Number(s.profile_id), map);
  }
  return {
    rows: group(
      rows,
      (r) => Number(r.profile_id),
      (r) => ({ ...r, id: Number(r.id) }),
    ),
    prefs: new Map(prefs.map((p) => [Number(p.profile_id), p])),
    devices: group(
      devices,
      (d) => Number(d.profile_id),
      (d) => Number(d.id),
    ),
    open: new Set(open.map((o) => Number(o.profile_id))),
    lastSent,
  };
}

interface Leased extends PushTarget {
  id: number;
  sub: number;
  payload: string;
  attempts: number;
}

/**
 * Leases up to `limit` due deliveries in one statement (SKIP LOCKED keeps two workers off the
 * same rows while it runs, `locked_until` while one sends), sends them outside any transaction
 * and books the answers in one more statement. Answers the number of attempts made.
 */
export async function deliverDue(
  db: Db,
  clock: Clock,
  transport: PushTransport,
  log: Pick<FastifyBaseLogger, 'warn'>,
  options: { limit: number; concurrency: number; observer?: PushObserver },
): Promise<number> {
  const leasedAt = clock.now();
  const leased = await queryRows<Leased>(
    db,
    sql`update push_deliveries d
        set locked_until = ${new Date(leasedAt.getTime() + PUSH_CONFIG.leaseMs)}, attempts = d.attempts + 1
        from push_subscriptions s
        where s.id = d.subscription_id and d.id in (
          select id from push_deliveries
          where next_at <= ${leasedAt} and (locked_until is null or locked_until <= ${leasedAt})
          order by next_at, id limit ${options.limit}
          for update skip locked)
        returning d.id, s.id as sub, d.payload, d.attempts, s.endpoint, s.p256dh, s.auth`,
  );
  if (leased.length === 0) return 0;
  const results = new Array<PushSendResult>(leased.length);
  let next = 0;
  const lane = async () => {
    while (next < leased.length) {
      const i = next++;
      const d = leased[i]!;
      results[i] = await transport.send(d, d.payload, { ttlSeconds: PUSH_CONFIG.ttlSeconds });
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, leased.length) }, lane));

  const now = clock.now();
  const ok: number[] = [];
  const okSubs = new Set<number>();
  const gone = new Set<number>();
  const dead: number[] = [];
  const retry: Array<{ id: number; at: string; err: string }> = [];
  leased.forEach((d, i) => {
    const r = results[i]!;
    const attempts = Number(d.attempts);
    const host = new URL(d.endpoint).host;
    if (r.status >= 200 && r.status < 300) {
      ok.push(Number(d.id));
      okSubs.add(Number(d.sub));
      options.observer?.sent();
    } else if (r.status === 404 || r.status === 410) {
      gone.add(Number(d.sub));
      options.observer?.removed();
    } else if (r.status === 0 || r.status === 408 || r.status === 429 || r.status >= 500) {
      const gaveUp = attempts >= PUSH_CONFIG.maxAttempts;
      const err = `${r.status || 'network'}: ${r.error ?? ''}`.slice(0, 500);
      if (gaveUp) {
        dead.push(Number(d.id));
        log.warn({ host, status: r.status, attempts }, 'push given up after its last attempt');
      } else {
        const at = new Date(now.getTime() + pushRetryDelayMs(attempts, r.retryAfterMs));
        retry.push({ id: Number(d.id), at: at.toISOString(), err });
      }
      options.observer?.failed(gaveUp);
    } else {
      // 400, 401, 403, 413: trying again would get the same answer (a key the service does not
      // accept, a payload too large): the push is dropped and said so.
      dead.push(Number(d.id));
      log.warn({ host, status: r.status, error: r.error }, 'push refused by the push service');
      options.observer?.failed(true);
    }
  });
  await queryRows(
    db,
    sql`with done as (
          delete from push_deliveries where id = any(${intList([...ok, ...dead])}::bigint[])),
        seen as (
          update push_subscriptions set last_success_at = ${now}::timestamptz
          where id = any(${intList(okSubs)}::int[])),
        gone as (
          delete from push_subscriptions where id = any(${intList(gone)}::int[]))
        update push_deliveries d set next_at = r.at, locked_until = null, last_error = r.err
        from jsonb_to_recordset(${JSON.stringify(retry)}::jsonb) as r(id bigint, at timestamptz, err text)
        where d.id = r.id`,
  );
  return leased.length;
}

/**
 * Sends web pushes (docs/operations.md, "Web push"): every tick it composes the pushes of the
 * players with due queue rows, then leases and sends the due deliveries, until neither finds
 * more. Safe in every server process: a player's queue is composed by one worker at a time and a
 * delivery is leased by one, so each device gets each push once. A worker that dies while
 * sending leaves its lease to expire (PUSH_CONFIG.leaseMs), and the push is then sent again:
 * the one case where a device may get it twice.
 */
export function startPushWorker(
  db: Db,
  clock: Clock,
  transport: PushTransport,
  log: Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>,
  options: PushWorkerOptions = {},
): Job & { drain(): Promise<number> } {
  const intervalMs = options.intervalMs ?? 1000;
  const players = options.playersPerBatch ?? 200;
  const deliveries = options.deliveriesPerBatch ?? 500;
  const concurrency = options.concurrency ?? PUSH_CONFIG.concurrency;
  let stopped = false;
  let current: Promise<number> = Promise.resolve(0);

  /**
   * Composes and delivers side by side until neither finds more: while one batch of pushes is
   * encrypted and sent, the next players' queues are composed, so the push service never waits
   * on the database (docs/performance.md, "Web push"). The sender stops only after a lease that
   * began once composing had ended found nothing: whatever was composed is then sent.
   */
  const drain = async (): Promise<number> => {
    let attempts = 0;
    let composing = true;
    let composed: () => void = () => {};
    let nextBatch = new Promise<void>((resolve) => (composed = resolve));
    const composer = (async () => {
      try {
        while (!stopped && (await composeDue(db, clock.now(), players)) > 0) {
          composed();
          nextBatch = new Promise<void>((resolve) => (composed = resolve));
        }
      } finally {
        composing = false;
        composed();
      }
    })();
    const sender = (async () => {
      for (;;) {
        const stillComposing = composing;
        const waiting = nextBatch;
        const sent = await deliverDue(db, clock, transport, log, {
          limit: deliveries,
          concurrency,
          ...(options.observer ? { observer: options.observer } : {}),
        });
        attempts += sent;
        if (stopped || (sent === 0 && !stillComposing)) return;
        if (sent === 0) await waiting;
      }
    })();
    // Both run to their end before a failure of either is reported: no lease is left half-booked.
    const [c, s] = await Promise.allSettled([composer, sender]);
    if (c.status === 'rejected') throw c.reason;
    if (s.status === 'rejected') throw s.reason;
    return attempts;
  };

  let timer: NodeJS.Timeout | null = null;
  // A tick waits for a drain already running (a test's or the bench's): one at a time.
  const tick = () => {
    current = current
      .then(drain)
      .catch((err: unknown) => {
        log.error({ err }, 'push worker tick failed');
        return 0;
      })
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  };
  timer = setTimeout(tick, intervalMs);
  timer.unref();
  return {
    drain: () => (current = current.then(drain, drain)),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
