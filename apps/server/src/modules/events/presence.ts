import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

/**
 * Records the players connected to this process's push streams as seen (the `presence`
 * table; readers: core/presence.ts): once when a stream opens, and every `everyMs` all of
 * them in one statement, so a process with thousands of streams writes one row set a minute,
 * not a row per heartbeat. Writes never hold up a stream: they run beside it, a failure is
 * logged, and a write still running when the next is due makes the next one skip.
 */
export class PresenceWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing = false;
  /** Players whose streams opened since the last connect write began. */
  private readonly pending = new Set<number>();
  private flushing = false;
  /** Writes in flight, awaited by `stop` so none runs on a closed database. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs: number = SOCIAL_CONFIG.presenceWriteMs,
  ) {}

  /** Starts the periodic write of `connected()` (the hub's players with an open stream). */
  start(connected: () => Iterable<number>): void {
    this.timer = setInterval(() => this.track(this.tick([...connected()])), this.everyMs);
    this.timer.unref();
  }

  /**
   * A stream opened: its player is seen now. Not awaited by the stream; the players whose
   * streams open while a write runs go together in the next one (a process's streams all
   * reconnect at once after a restart: one statement per batch, not per stream).
   */
  seen(profileId: number): void {
    this.pending.add(profileId);
    if (!this.flushing) this.track(this.flush());
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.size > 0) {
        const ids = [...this.pending];
        this.pending.clear();
        await this.write(ids);
      }
    } finally {
      this.flushing = false;
    }
  }

  private track(write: Promise<void>) {
    this.inFlight.add(write);
    void write.finally(() => this.inFlight.delete(write));
  }

  /** The periodic write, skipped while the last one still runs (a slow database). */
  private async tick(ids: number[]): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      await this.write(ids);
    } finally {
      this.writing = false;
    }
  }

  /** Upserts `seen_at = now` for `ids` in one statement; a failure is logged, never thrown. */
  async write(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      // Sorted, so two processes upserting overlapping sets take the rows' locks in one order.
      const list = `{${[...new Set(ids)].sort((a, b) => a - b).join(',')}}`;
      await queryRows(
        this.database.db,
        sql`insert into presence (profile_id, seen_at)
          select id, ${this.clock.now()}::timestamptz from unnest(${list}::int[]) as u(id)
          where exists (select 1 from profiles p where p.id = u.id)
          on conflict (profile_id) do update set seen_at = greatest(presence.seen_at, excluded.seen_at)`,
      );
    } catch (err) {
      this.log.warn({ err }, 'presence write failed');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.inFlight]);
  }
}
