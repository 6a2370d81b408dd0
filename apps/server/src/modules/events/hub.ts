import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  EVENT_HEARTBEAT_MS,
  STREAM_REPLACED_EVENT,
  type StreamReplacedEvent,
} from '@aleph/contracts';
import { queryRows, type Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { EVENTS_CHANNEL } from '../../core/events.js';
import { liveSessions, SESSIONS_CHANNEL } from '../auth/sessions.js';
import { PresenceWriter } from './presence.js';
import type { StreamSink } from './stream-sink.js';

export interface EventHubOptions {
  /** Heartbeat and session check period (default EVENT_HEARTBEAT_MS); tests shorten it. */
  heartbeatMs?: number;
  /** A reconnect that missed more events than this is told to refetch instead. */
  replayLimit?: number;
  /** A stream whose unsent output grows past this many bytes (a stalled client) is cut. */
  maxBufferedBytes?: number;
  /** `map.changed` goes out at most once per this period (default MAP_EVENT_MIN_GAP_MS). */
  mapEventGapMs?: number;
  /** Streams one player may hold at once in this process (default MAX_STREAMS_PER_PLAYER). */
  maxStreamsPerPlayer?: number;
  /** Streams one session may hold at once in this process (default MAX_STREAMS_PER_SESSION). */
  maxStreamsPerSession?: number;
  /** How often the connected players are recorded as seen (default SOCIAL_CONFIG.presenceWriteMs). */
  presenceWriteMs?: number;
}

/** The channel the lands' map triggers notify with the continents changed (migration 0015). */
export const MAP_CHANNEL = 'aleph_map';
/**
 * A world event, the same for every stream: many lands made at once (registrations, a mint
 * rush) make one `map.changed` a second per process, not one per land.
 */
export const MAP_EVENT_MIN_GAP_MS = 1000;
/**
 * A player's open streams in one process (docs/api.md, "Push"): a newer one past it replaces the
 * oldest, which is sent `stream.replaced` and ends. The web app holds one stream per browser, so
 * five are five browsers or devices at once; a client cannot hold a process's sockets by opening
 * streams without end.
 */
export const MAX_STREAMS_PER_PLAYER = 5;
/**
 * The same for one session (one browser's sign-in). Below the player's limit, so that a session
 * that opens stream after stream (a browser without Web Locks gives each tab its own) replaces
 * only its own and leaves the player's other devices theirs.
 */
export const MAX_STREAMS_PER_SESSION = 3;

/** The player and session a stream belongs to (the request's session check). */
export interface StreamOwner {
  userId: number;
  sessionId: string;
}

/** What the hub keeps per open stream: small, and no Fastify request or reply. */
interface Stream {
  readonly profileId: number;
  readonly sessionId: string;
  readonly sink: StreamSink;
  /** The highest event id sent: later notifications of older ids are dropped. */
  lastSeq: number;
  /** Live events that arrive while the stream's replay is read, sent after it. */
  held: Array<[number, string]> | null;
  /** Which slice of the heartbeat period beats this stream and checks its session. */
  readonly slice: number;
}

/** A notification entry: [profile_id, seq, type, data], data absent when it was too long. */
type Entry = [number, number, string, unknown?];

const RETRY_MS = 3000;
/**
 * The heartbeat period is cut into slices of about a second (at most this many), and each
 * stream beats in its own slice: writing to every stream at once was one burst of a socket write
 * per stream (15,000 per process in the push bench) and one query for all their sessions, during
 * which the process's requests waited.
 */
const MAX_HEARTBEAT_SLICES = 25;
const HEARTBEAT = ': hb\n\n';
const frame = (seq: number, type: string, data: unknown) =>
  `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
/** A world event has no id: it is not the player's to replay (a reconnect rereads the map). */
const worldFrame = (type: string, data: unknown) =>
  `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
const resyncFrame = (complete: boolean, seq?: number) =>
  `${seq === undefined ? '' : `id: ${seq}\n`}event: resync\ndata: {"complete":${complete}}\n\n`;
const replacedFrame = (data: StreamReplacedEvent) => worldFrame(STREAM_REPLACED_EVENT, data);

function add<K>(map: Map<K, Stream[]>, key: K, stream: Stream) {
  const list = map.get(key);
  if (list) list.push(stream);
  else map.set(key, [stream]);
}

function remove<K>(map: Map<K, Stream[]>, key: K, stream: Stream) {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(stream);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}

/**
 * The process's push hub (docs/architecture.md, "Push"): it listens to the `player_events`
 * trigger's channel and to ended sessions, and writes each event to the open streams of its
 * player. One timer for all streams sends the heartbeat and checks the streams' sessions, a
 * slice of the streams a tick, a query per slice. Streams are sinks on their connections
 * (`stream-sink.ts`); the hub keeps a small record of each.
 */
export class EventHub {
  private readonly byProfile = new Map<number, Stream[]>();
  private readonly bySession = new Map<string, Stream[]>();
  private count = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking = false;
  private readonly slices: number;
  /** The slice the next tick beats, and the slice the next stream gets. */
  private currentSlice = 0;
  private nextSlice = 0;
  private unlisten: Array<() => Promise<void>> = [];
  /** Set while a notification waits for rows it did not carry: later ones queue behind it. */
  private queue: Promise<void> | null = null;
  private readonly heartbeatMs: number;
  private readonly replayLimit: number;
  private readonly maxBuffered: number;
  private readonly mapGapMs: number;
  private readonly maxPerPlayer: number;
  private readonly maxPerSession: number;
  /** Continents changed since the last `map.changed`, and the timer that will send them. */
  private mapPending = new Set<number>();
  private mapTimer: NodeJS.Timeout | null = null;
  private mapSentAt = -Infinity;
  /** Records the connected players as online (friends' "online"). */
  private readonly presence: PresenceWriter;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: EventHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? EVENT_HEARTBEAT_MS;
    this.slices = Math.max(1, Math.min(MAX_HEARTBEAT_SLICES, Math.floor(this.heartbeatMs / 1000)));
    this.replayLimit = options.replayLimit ?? 1000;
    this.maxBuffered = options.maxBufferedBytes ?? 64 * 1024;
    this.mapGapMs = options.mapEventGapMs ?? MAP_EVENT_MIN_GAP_MS;
    this.maxPerPlayer = options.maxStreamsPerPlayer ?? MAX_STREAMS_PER_PLAYER;
    this.maxPerSession = options.maxStreamsPerSession ?? MAX_STREAMS_PER_SESSION;
    this.presence = new PresenceWriter(database, clock, log, options.presenceWriteMs);
  }

  /** Open streams in this process. */
  get streams(): number {
    return this.count;
  }

  /** Resolves once the streams opened and closed so far are written to `open_streams`. */
  presenceWritten(): Promise<void> {
    return this.presence.written();
  }

  async start(): Promise<void> {
    this.unlisten.push(
      await this.database.listen(
        EVENTS_CHANNEL,
        (payload) => this.onEvents(payload),
        () => this.resyncAll(),
      ),
      await this.database.listen(SESSIONS_CHANNEL, (id) => this.endSession(id)),
      await this.database.listen(MAP_CHANNEL, (continents) => this.onMapChanged(continents)),
    );
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs / this.slices);
    this.timer.unref();
    this.presence.start(() => this.byProfile.keys());
  }

  /**
   * Takes over a stream whose head was written: `retry`, then the replay of the events after
   * `lastEventId` and `resync`, or without one the current id (a lone `id:` line sets the
   * client's Last-Event-ID without an event), then live events.
   */
  async open(sink: StreamSink, owner: StreamOwner, lastEventId: number | null): Promise<void> {
    const stream: Stream = {
      profileId: owner.userId,
      sessionId: owner.sessionId,
      sink,
      lastSeq: 0,
      held: [],
      slice: this.nextSlice,
    };
    this.nextSlice = (this.nextSlice + 1) % this.slices;
    // Listed before the replay is read, so nothing committed in between is lost; the ids
    // drop what both bring.
    add(this.byProfile, stream.profileId, stream);
    add(this.bySession, stream.sessionId, stream);
    this.count += 1;
    sink.onClose(() => this.forget(stream));
    this.replaceOldest(this.bySession.get(stream.sessionId), this.maxPerSession, 'session');
    this.replaceOldest(this.byProfile.get(stream.profileId), this.maxPerPlayer, 'player');
    sink.write(`retry: ${RETRY_MS}\n\n`);
    this.presence.seen(stream.profileId);
    try {
      const [row] = await queryRows<{
        seq: number | string;
        events: Array<[number, string, unknown]>;
      }>(
        this.database.db,
        sql`select p.event_seq as seq,
          ${
            lastEventId === null
              ? sql`'[]'::json`
              : sql`(select coalesce(json_agg(json_build_array(e.seq, e.type, e.data) order by e.seq), '[]')
                from (select seq, type, data from player_events
                  where profile_id = p.id and seq > ${lastEventId}
                  order by seq limit ${this.replayLimit + 1}) e)`
          } as events
          from profiles p where p.id = ${stream.profileId}`,
      );
      const seq = Number(row?.seq ?? 0);
      const events = row?.events ?? [];
      if (lastEventId === null) {
        this.write(stream, `id: ${seq}\n\n`);
      } else {
        // Complete when every id after the client's is still kept (ids have no gaps) and not
        // too many; otherwise nothing is replayed and the client refetches.
        const complete =
          lastEventId <= seq &&
          events.length === seq - lastEventId &&
          events.length <= this.replayLimit;
        // The replay and its `resync` in one write, however many events it holds.
        let replay = '';
        if (complete) for (const [s, t, d] of events) replay += frame(Number(s), t, d);
        this.write(stream, replay + resyncFrame(complete, seq));
      }
      const held = stream.held ?? [];
      stream.held = null;
      stream.lastSeq = seq;
      this.sendAll(stream, held);
    } catch (err) {
      this.log.warn({ err }, 'push stream replay failed; the stream is closed');
      this.end(stream, true);
    }
  }

  /**
   * The oldest streams of a list (kept in opening order) past `limit` are told they were
   * replaced and end; the client does not reopen them.
   */
  private replaceOldest(list: Stream[] | undefined, limit: number, per: 'player' | 'session') {
    if (!list || list.length <= limit) return;
    for (const oldest of list.slice(0, list.length - limit)) {
      this.write(oldest, replacedFrame({ per, limit }));
      this.end(oldest);
    }
  }

  private onEvents(payload: string) {
    let entries: Entry[];
    try {
      entries = JSON.parse(payload) as Entry[];
    } catch {
      this.log.warn('push notification is not JSON');
      return;
    }
    const mine = entries.filter((e) => this.byProfile.has(e[0]));
    if (mine.length === 0) return;
    const short = mine.filter((e) => e.length < 4);
    if (short.length === 0 && !this.queue) return this.deliver(mine);
    // Rows too long to ride in the notification are read from the table; notifications keep
    // their order behind it.
    const previous = this.queue ?? Promise.resolve();
    const next = previous
      .then(() => this.fill(short))
      .then(() => this.deliver(mine))
      .catch((err: unknown) => this.log.warn({ err }, 'push event read failed'))
      .finally(() => {
        if (this.queue === next) this.queue = null;
      });
    this.queue = next;
  }

  private async fill(short: Entry[]) {
    if (short.length === 0) return;
    const rows = await queryRows<{ p: number; s: number | string; d: unknown }>(
      this.database.db,
      sql`select e.profile_id as p, e.seq as s, e.data as d from player_events e
        join jsonb_to_recordset(${JSON.stringify(short.map(([p, s]) => ({ p, s })))}::jsonb)
          as k(p int, s bigint) on e.profile_id = k.p and e.seq = k.s`,
    );
    const data = new Map(rows.map((r) => [`${r.p}:${r.s}`, r.d]));
    for (const e of short) e[3] = data.get(`${e[0]}:${e[1]}`) ?? null;
  }

  /**
   * A player's events of one notification go out in one write to each of their streams: the
   * trigger lists them together (by player, then id), and a settled mission brings four or five
   * (docs/performance.md, Push), so a write each made the socket writes the busiest work of a
   * process holding thousands of streams.
   */
  private deliver(entries: Entry[]) {
    for (let i = 0; i < entries.length;) {
      const p = entries[i]![0];
      let end = i + 1;
      while (end < entries.length && entries[end]![0] === p) end++;
      const streams = this.byProfile.get(p);
      if (streams) {
        const frames = entries
          .slice(i, end)
          .map(([, s, t, d]): [number, string] => [s, frame(s, t, d)]);
        for (const stream of [...streams]) this.sendAll(stream, frames);
      }
      i = end;
    }
  }

  /**
   * The frames (in id order) the stream has not had yet, in one write; while its replay is
   * being read they wait in `held`, and go out after it.
   */
  private sendAll(stream: Stream, frames: ReadonlyArray<[number, string]>) {
    let text = '';
    for (const [seq, one] of frames) {
      if (seq <= stream.lastSeq) continue;
      if (stream.held) {
        stream.held.push([seq, one]);
        continue;
      }
      stream.lastSeq = seq;
      text += one;
    }
    if (text) this.write(stream, text);
  }

  private write(stream: Stream, text: string) {
    const { sink } = stream;
    if (sink.done) return;
    sink.write(text);
    // A client that stopped reading is cut off; it reconnects and is replayed what it missed.
    if (sink.buffered > this.maxBuffered) this.end(stream, true);
  }

  /**
   * Lands were made, moved or removed: every stream hears `map.changed` with the continents,
   * at once when the last one went out a gap ago, else when the gap is over (coalesced).
   */
  private onMapChanged(payload: string) {
    for (const part of payload.split(',')) {
      const continent = Number(part);
      if (Number.isInteger(continent) && continent >= 0) this.mapPending.add(continent);
    }
    if (this.mapPending.size === 0 || this.mapTimer) return;
    const wait = Math.max(0, this.mapSentAt + this.mapGapMs - performance.now());
    this.mapTimer = setTimeout(() => this.sendMapChanged(), wait);
    this.mapTimer.unref();
  }

  private sendMapChanged() {
    this.mapTimer = null;
    this.mapSentAt = performance.now();
    const continents = [...this.mapPending].sort((a, b) => a - b);
    this.mapPending.clear();
    const text = worldFrame('map.changed', { continents });
    for (const streams of this.byProfile.values())
      for (const stream of streams) this.write(stream, text);
  }

  /** The listening connection was lost and is back: what came in between is unknown. */
  private resyncAll() {
    for (const streams of this.byProfile.values())
      for (const stream of streams) this.write(stream, resyncFrame(false));
  }

  private endSession(sessionId: string) {
    for (const stream of [...(this.bySession.get(sessionId) ?? [])]) this.end(stream);
  }

  /**
   * One slice of the heartbeat period: a heartbeat to the slice's streams, then one query for
   * their sessions; ended ones close. Each stream thus beats once a period. A slice whose check
   * would overlap the last one's skips its check (its sessions are checked next period; a
   * logout still ends its streams at once by notification).
   */
  private async tick(): Promise<void> {
    const slice = this.currentSlice;
    this.currentSlice = (slice + 1) % this.slices;
    const sessions = new Set<string>();
    for (const streams of this.byProfile.values())
      for (const stream of streams)
        if (stream.slice === slice) {
          this.write(stream, HEARTBEAT);
          sessions.add(stream.sessionId);
        }
    if (this.checking || sessions.size === 0) return;
    this.checking = true;
    try {
      const ids = [...sessions];
      const live = await liveSessions(this.database.db, ids, this.clock.now());
      for (const id of ids) if (!live.has(id)) this.endSession(id);
    } catch (err) {
      this.log.warn({ err }, 'push stream session check failed');
    } finally {
      this.checking = false;
    }
  }

  private end(stream: Stream, abort = false) {
    this.forget(stream);
    if (abort) stream.sink.destroy();
    else stream.sink.end();
  }

  private forget(stream: Stream) {
    const list = this.byProfile.get(stream.profileId);
    if (!list?.includes(stream)) return;
    remove(this.byProfile, stream.profileId, stream);
    remove(this.bySession, stream.sessionId, stream);
    this.count -= 1;
    if (!this.byProfile.has(stream.profileId)) this.presence.closed(stream.profileId);
  }

  /** Ends every stream (server shutdown: `app.close()` must not wait for them). */
  endAll(): void {
    for (const streams of [...this.byProfile.values()])
      for (const stream of [...streams]) this.end(stream);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.mapTimer) clearTimeout(this.mapTimer);
    this.mapTimer = null;
    this.endAll();
    const unlisten = this.unlisten;
    this.unlisten = [];
    for (const stop of unlisten) await stop().catch(() => undefined);
    await this.queue;
    await this.presence.stop();
  }
}
