import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

/**
 * Records the players connected to this process's push streams: as seen in the `presence`
 * table (friends' "online"; readers: core/presence.ts), and as having an open stream in
 * `open_streams` under this process's id (the web push worker sends them nothing: they see the
 * game's toasts). A player is written when their first stream opens, removed from
 * `open_streams` when their last one here closes, and every `everyMs` all connected players
 * are refreshed in one statement, so a process with thousands of streams writes one row set a
 * minute, not a row per heartbeat. Writes never hold up a stream: they run beside it, one at a
 * time in the order they were asked for (a close is never overtaken by an older refresh), and a
 * failure is logged.
 */
export class PresenceWriter {
  /** This process's rows in `open_streams`. */
  readonly processId = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  /** Players whose first stream opened (true) or last stream closed (false) since the last write. */
  private readonly pending = new Map<number, boolean>();
  private flushQueued = false;
  private tickQueued = false;
  /** The writes, one after another. */
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs: number = SOCIAL_CONFIG.presenceWriteMs,
  ) {}

  /** Starts the periodic refresh of `connected()` (the hub's players with an open stream). */
  start(connected: () => Iterable<number>): void {
    this.timer = setInterval(() => {
      if (this.tickQueued) return; // the last refresh still waits or runs (a slow database)
      this.tickQueued = true;
      this.enqueue(async () => {
        this.tickQueued = false;
        await this.write([...connected()], []);
      });
    }, this.everyMs);
    this.timer.unref();
  }

  /**
   * A stream opened: its player is seen now. Players whose streams open while a write runs go
   * together in the next one (a process's streams all reconnect at once after a restart).
   */
  seen(profileId: number): void {
    this.mark(profileId, true);
  }

  /** The player's last stream in this process closed. */
  closed(profileId: number): void {
    this.mark(profileId, false);
  }

  private mark(profileId: number, open: boolean) {
    if (this.stopped) return;
    this.pending.delete(profileId);
    this.pending.set(profileId, open);
    if (this.flushQueued) return;
    this.flushQueued = true;
    this.enqueue(async () => {
      this.flushQueued = false;
      const changes = [...this.pending];
      this.pending.clear();
      await this.write(
        changes.filter(([, open]) => open).map(([id]) => id),
        changes.filter(([, open]) => !open).map(([id]) => id),
      );
    });
  }

  private enqueue(work: () => Promise<void>) {
    this.chain = this.chain.then(work).catch((err: unknown) => {
      this.log.warn({ err }, 'presence write failed');
    });
  }

  /**
   * Upserts `seen_at = now` for `open` in both tables and deletes this process's
   * `open_streams` rows of `closed`, in one statement. Ids are sorted, so two processes
   * upserting overlapping sets take the rows' locks in one order.
   */
  private async write(open: readonly number[], closed: readonly number[]): Promise<void> {
    if (open.length === 0 && closed.length === 0) return;
    const list = (ids: readonly number[]) =>
      `{${[...new Set(ids)].sort((a, b) => a - b).join(',')}}`;
    const now = this.clock.now();
    await queryRows(
      this.database.db,
      sql`with ids as (
            select u.id from unnest(${list(open)}::int[]) as u(id)
            where exists (select 1 from profiles p where p.id = u.id)),
          seen as (
            insert into presence (profile_id, seen_at) select id, ${now}::timestamptz from ids
            on conflict (profile_id) do update set seen_at = greatest(presence.seen_at, excluded.seen_at)),
          gone as (
            delete from open_streams where process_id = ${this.processId}
              and profile_id = any(${list(closed)}::int[]))
          insert into open_streams (profile_id, process_id, seen_at)
          select id, ${this.processId}, ${now}::timestamptz from ids
          on conflict (profile_id, process_id) do update set seen_at = excluded.seen_at`,
    );
  }

  /** Resolves once every write asked for so far is done (test mode's `POST /__test/presence`). */
  written(): Promise<void> {
    return this.chain;
  }

  /** Stops refreshing, finishes the writes asked for, and removes this process's open streams. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopped = true;
    this.enqueue(() =>
      queryRows(
        this.database.db,
        sql`delete from open_streams where process_id = ${this.processId}`,
      ).then(() => undefined),
    );
    await this.chain;
  }
}
