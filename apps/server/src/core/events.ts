import { sql, type SQL } from 'drizzle-orm';
import { EVENT_REPLAY_MS, type PlayerEventMap, type ProfileChangedEvent } from '@aleph/contracts';
import { isUpgradable } from '@aleph/rules';
import { preparedRows, queryRows, type Db, type Executor } from '../db/client.js';

/**
 * What the writer stores; `resync` is the stream's own word and `map.changed` a world event
 * the hub sends every stream (`events/hub.ts`), neither stored.
 */
export type StoredEventType = Exclude<keyof PlayerEventMap, 'resync' | 'map.changed'>;

/** The channel the `player_events` trigger notifies (migration 0012), one per database. */
export const EVENTS_CHANNEL = 'aleph_events';

/** A profile row as the profile update returns it, for `profile.changed`. */
export interface ProfileBalances {
  gold: number;
  platinum: number;
  xp: number;
  level: number;
}

export function profileChangedEvent(p: ProfileBalances): ProfileChangedEvent {
  return {
    treasury: { gold: p.gold, platinum: p.platinum },
    xp: p.xp,
    level: p.level,
    upgradable: isUpgradable(p.level, p.xp),
  };
}

interface Row {
  p: number;
  t: StoredEventType;
  d: unknown;
}

/**
 * Web pushes that no stored event stands for (docs/architecture.md, "Web push"); the others
 * are queued from their event by `eventsCtes`: mission.finished, message.new, bazaar.* and a
 * profile.changed that makes a level-up available.
 */
export interface ExplicitPushMap {
  /** The player's arena defence was attacked. */
  'arena.attacked': { attacker: string; held: boolean; change: number; rating: number };
  /** A member wrote the player's @nickname in alliance chat. */
  'alliance.mention': { allianceId: number; lineId: number; from: string; text: string };
}

/** The stored event types a push is queued from, and the kind it is queued as. */
export const PUSHED_EVENT_TYPES = [
  'mission.finished',
  'message.new',
  'bazaar.sold',
  'bazaar.bought',
  'bazaar.outbid',
] as const satisfies readonly StoredEventType[];

/**
 * The push events of one transaction, collected in memory and written by `writeEvents` in one
 * statement. Per player they are stored in this order: the events added one by one (in order),
 * then one `hero.changed` and one `land.changed` with all their ids, one `profile.changed`
 * (the last balances given), the broadcasts, and one `inbox.new` whose unread count the
 * statement reads.
 */
export class PlayerEvents {
  private list: Row[] = [];
  private heroes = new Map<number, Set<number>>();
  private lands = new Map<number, Set<number>>();
  private profiles = new Map<number, ProfileChangedEvent>();
  private broadcasts: Array<{ ids: readonly number[]; t: StoredEventType; d: unknown }> = [];
  private inboxes = new Set<number>();
  private pushes: Array<{ p: number; k: keyof ExplicitPushMap; d: unknown }> = [];

  add<T extends StoredEventType>(profileId: number, type: T, data: PlayerEventMap[T]): void {
    this.list.push({ p: profileId, t: type, d: data });
  }

  heroChanged(profileId: number, heroIds: Iterable<number>): void {
    addIds(this.heroes, profileId, heroIds);
  }

  landChanged(profileId: number, landIds: Iterable<number>): void {
    addIds(this.lands, profileId, landIds);
  }

  profileChanged(profileId: number, balances: ProfileBalances): void {
    this.profiles.set(profileId, profileChangedEvent(balances));
  }

  /** The same event for each of `profileIds` (an announcement to every player). */
  broadcast<T extends StoredEventType>(
    profileIds: readonly number[],
    type: T,
    data: PlayerEventMap[T],
  ): void {
    if (profileIds.length > 0) this.broadcasts.push({ ids: profileIds, t: type, d: data });
  }

  /** `inbox.new` with the player's unread count as the writing statement sees it. */
  inboxNew(profileIds: Iterable<number>): void {
    for (const id of profileIds) this.inboxes.add(id);
  }

  /** A web push without an event of its own, queued with the events (only if they commit). */
  push<K extends keyof ExplicitPushMap>(
    profileId: number,
    kind: K,
    data: ExplicitPushMap[K],
  ): void {
    this.pushes.push({ p: profileId, k: kind, d: data });
  }

  get empty(): boolean {
    return (
      this.list.length === 0 &&
      this.pushes.length === 0 &&
      this.heroes.size === 0 &&
      this.lands.size === 0 &&
      this.profiles.size === 0 &&
      this.broadcasts.length === 0 &&
      this.inboxes.size === 0
    );
  }

  /** Empties the collection and answers its rows in writing order, and the inbox recipients. */
  take(): {
    rows: Row[];
    broadcasts: PlayerEvents['broadcasts'];
    inboxes: number[];
    pushes: PlayerEvents['pushes'];
  } {
    const rows = this.list;
    for (const [p, ids] of this.heroes)
      rows.push({ p, t: 'hero.changed', d: { heroIds: sorted(ids) } });
    for (const [p, ids] of this.lands)
      rows.push({ p, t: 'land.changed', d: { landIds: sorted(ids) } });
    for (const [p, d] of this.profiles) rows.push({ p, t: 'profile.changed', d });
    const taken = {
      rows,
      broadcasts: this.broadcasts,
      inboxes: [...this.inboxes],
      pushes: this.pushes,
    };
    this.list = [];
    this.pushes = [];
    this.heroes = new Map();
    this.lands = new Map();
    this.profiles = new Map();
    this.broadcasts = [];
    this.inboxes = new Set();
    return taken;
  }
}

function addIds(map: Map<number, Set<number>>, profileId: number, ids: Iterable<number>) {
  let set = map.get(profileId);
  if (!set) map.set(profileId, (set = new Set()));
  for (const id of ids) set.add(id);
}

const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b);

/**
 * The one writer of push events (docs/architecture.md, "Push"), in the caller's transaction:
 * one statement for any number of events and players. It locks the players' profiles in id
 * order (settlement already holds them), raises each `profiles.event_seq` by the number of its
 * new events and numbers them after the old value, so a player's events are numbered in the
 * order their transactions commit: a second transaction waits for the first's row lock and
 * numbers after it. `event_seq` is not a column the state version trigger watches (migration
 * 0005), so cached reads stay valid. The table's trigger then notifies every process; nothing
 * reaches a stream unless the transaction commits. `at` is the app clock (replay window,
 * housekeeping). Answers the number of events written.
 */
export async function writeEvents(tx: Executor, events: PlayerEvents, at: Date): Promise<number> {
  if (events.empty) return 0;
  // Named by its text, of which there are two (with broadcasts or without), each parsed once
  // per connection instead of on every write.
  const [result] = await preparedRows<{ n: number }>(
    tx,
    'events',
    sql`with ${eventsCtes(events, at)} select count(*)::int as n from ev_written`,
  );
  return Number(result?.n ?? 0);
}

/** What a statement that writes push events among its own work tells the events' CTEs. */
export interface SiblingWrite {
  /** The events are written only if this holds (a sibling CTE's result). */
  when: SQL;
  /**
   * The name of a sibling CTE that inserts messages and answers their `profile_id`: a CTE
   * does not see its siblings' rows, so `inbox.new` counts them on top of the unread ones.
   */
  newMessages?: string;
  /**
   * Also raise the state version of every player it writes events for, in the update that
   * numbers their events: for a statement whose tables' version triggers skip it (it turns
   * aleph.defer_versions on) and whose events go to exactly the players its other writes
   * changed (one update of each profile row instead of two, docs/performance.md, Arena).
   */
  bumpVersions?: boolean;
}

/**
 * The events writer as CTEs (named `ev_...`, the last `ev_written`) for a statement of its own
 * or, with `sibling`, for a statement that does other work too: the arena's battle statement
 * writes its report's `inbox.new` with the battle, one round trip fewer per attack
 * (docs/performance.md, Arena). Empties `events`.
 */
export function eventsCtes(events: PlayerEvents, at: Date, sibling?: SiblingWrite): SQL {
  const { rows, broadcasts, inboxes, pushes } = events.take();
  // One list of the player's own events, `o` ordering one player's events in the statement:
  // the rows in order, then (after the broadcasts, 1e9 + i) one `inbox.new` each, whose unread
  // count the statement reads (a player with none gets no `inbox.new`). The text is the same
  // whatever the list holds, so PostgreSQL keeps one plan of it (docs/performance.md, Arena).
  const list = [
    ...rows.map((r, i) => ({ ...r, o: i + 1 })),
    ...inboxes.map((p) => ({ p, t: 'inbox.new', d: null, o: 2e9 })),
  ];
  // The sibling's new messages counted once per player and joined, not scanned for each row.
  const added = sibling?.newMessages
    ? {
        count: sql` + coalesce(nm.n, 0)`,
        join: sql` left join (select profile_id, count(*) as n from ${sql.identifier(sibling.newMessages)}
            group by profile_id) nm on nm.profile_id = e.p`,
      }
    : { count: sql``, join: sql`` };
  // Each `offset 0` keeps its subquery from being pulled up into the query above it, which
  // would evaluate the unread count twice (once for the value, once for the filter).
  const sources: SQL[] = [
    sql`select e.p, e.t, case when e.t = 'inbox.new' then (
          select jsonb_build_object('unread', c.n) from (
            select count(*)${added.count} as n from messages m
            where m.profile_id = e.p and m.read_at is null and m.deleted_at is null offset 0) c
          where c.n > 0)
        else e.d end, e.o
      from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as e(p int, t text, d jsonb, o bigint)${added.join}`,
  ];
  if (broadcasts.length > 0) {
    // Every broadcast in one source, so the statement's text does not grow with their number.
    const list = broadcasts.map((b, i) => ({ t: b.t, d: b.d, ids: b.ids, o: 1e9 + i }));
    sources.push(sql`select u.p, b.t, b.d, b.o from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
        as b(t text, d jsonb, ids int[], o bigint) cross join lateral unnest(b.ids) as u(p)`);
  }
  const when = sibling ? sql` and ${sibling.when}` : sql``;
  const bump = sibling?.bumpVersions ? sql`, state_version = pr.state_version + 1` : sql``;
  return sql`ev_src(p, t, d, o) as materialized (
        select * from (${sql.join(sources, sql` union all `)} offset 0) as s(p, t, d, o)
        where (s.t <> 'inbox.new' or s.d is not null)${when}),
      ev_counts as (select p, count(*)::int as n from ev_src group by p),
      ev_locked as materialized (
        select id from profiles where id in (select p from ev_counts) order by id for no key update),
      ev_bumped as (
        update profiles pr set event_seq = pr.event_seq + c.n${bump}
        from ev_counts c where pr.id = c.p and pr.id in (select id from ev_locked)
        returning pr.id, pr.event_seq - c.n as base),
      ev_written as (
        insert into player_events (profile_id, seq, type, data, created_at)
        select s.p, b.base + row_number() over (partition by s.p order by s.o), s.t, s.d, ${at}::timestamptz
        from ev_src s join ev_bumped b on b.id = s.p
        returning 1),
      ${pushCte(pushes, at, when)}`;
}

/**
 * The web pushes of the statement's events (docs/architecture.md, "Web push"), queued in the
 * same statement for the players with a device: the pushed event types, a profile.changed that
 * makes a level-up available (once per level: `dedupe`), and the explicit pushes. `ev_push`
 * is a data-modifying CTE, so PostgreSQL runs it although nothing reads it.
 */
function pushCte(pushes: Array<{ p: number; k: string; d: unknown }>, at: Date, when: SQL): SQL {
  const types = `{${PUSHED_EVENT_TYPES.join(',')}}`;
  // Numbered in the order given, so a folded push names its events in the order they happened.
  const list = pushes.map((x, o) => ({ ...x, o }));
  return sql`ev_push as (
        insert into push_queue (profile_id, kind, data, dedupe, created_at, not_before)
        select q.p, q.k, q.d, q.dd, ${at}::timestamptz, ${at}::timestamptz from (
          select s.p, s.t as k, s.d, null::text as dd, s.o from ev_src s where s.t = any(${types}::text[])
          union all
          select s.p, 'profile.levelup', s.d, 'level:' || (s.d->>'level'), s.o from ev_src s
          where s.t = 'profile.changed' and (s.d->>'upgradable')::boolean
          union all
          select x.p, x.k, x.d, null, 3e9 + x.o from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
            as x(p int, k text, d jsonb, o bigint) where true${when}) q
        where exists (select 1 from push_subscriptions ps where ps.profile_id = q.p)
        order by q.p, q.o
        on conflict do nothing)`;
}

/** Events are kept this much longer than a client may ask to replay (clocks of processes differ). */
const PURGE_MARGIN_MS = 5 * 60_000;

/**
 * Housekeeping: deletes events older than the replay window and its margin, by the index on
 * `created_at`. A reconnect that missed a deleted event is told to refetch (resync incomplete).
 * Answers the number deleted.
 */
export async function purgeOldEvents(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENT_REPLAY_MS - PURGE_MARGIN_MS);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from player_events where created_at < ${before} returning 1)
      select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}
