import { sql } from 'drizzle-orm';
import type { BoardName } from '@aleph/contracts';
import { preparedRows, type Db } from '../../db/client.js';

export interface Standing {
  profileId: number;
  nickname: string;
  score: number;
  reachedAt: number;
}

interface Snapshot {
  takenAt: number;
  rows: Standing[];
  /** profile id -> index in rows. */
  index: Map<number, number>;
}

/**
 * A board's full order for one week, read with one index scan and kept for `ttlMs` (one
 * second by default) per process: every player's rank is then a map lookup instead of a
 * count over thousands of rows. It is refreshed in the background once older than `ttlMs`, so
 * other players' rows may be up to about two TTLs old; the caller's own row is checked
 * against their current score on every request, so a player always sees their own rank
 * exactly. A TTL of 0 re-reads before answering (tests).
 */
export class Standings {
  private readonly snapshots = new Map<
    string,
    { current: Promise<Snapshot>; refreshing?: Promise<void> }
  >();
  constructor(private readonly ttlMs: number) {}

  async get(db: Db, board: BoardName, week: Date): Promise<Snapshot> {
    const key = `${board}|${week.getTime()}`;
    const entry = this.snapshots.get(key);
    if (entry) {
      const snap = await entry.current;
      // Older than the TTL: one refresh starts in the background while this request is
      // answered from the snapshot at hand, so no player waits for the full re-read.
      if (Date.now() - snap.takenAt >= this.ttlMs && !entry.refreshing) {
        entry.refreshing = this.load(db, board, week)
          .then((fresh) => {
            entry.current = Promise.resolve(fresh);
          })
          .catch(() => undefined)
          .finally(() => {
            entry.refreshing = undefined;
          });
        if (this.ttlMs === 0) await entry.refreshing;
      }
      return entry.current;
    }
    const fresh = this.load(db, board, week);
    this.snapshots.set(key, { current: fresh });
    // Old weeks are dropped as soon as a new key appears.
    for (const other of this.snapshots.keys()) {
      if (other !== key) this.snapshots.delete(other);
    }
    fresh.catch(() => this.snapshots.delete(key));
    return fresh;
  }

  private async load(db: Db, board: BoardName, week: Date): Promise<Snapshot> {
    // Numbers and epoch milliseconds come out of PostgreSQL as float8 (exact for these), so
    // the thousands of rows re-read every second cost no Date or numeric-string parsing; the
    // milliseconds are floored, as a JavaScript Date of the same timestamp is.
    const rows = await preparedRows<{ id: number; name: string; score: number; at: number }>(
      db,
      'board_snapshot',
      sql`select b.profile_id as id, p.nickname as name, b.score::float8 as score,
                 floor(extract(epoch from b.reached_at) * 1000)::float8 as at
          from board_scores b join profiles p on p.id = b.profile_id
          where b.board = ${board} and b.week_start = ${week}
          order by b.score desc nulls last, b.reached_at asc, b.profile_id asc`,
    );
    const standings = rows.map((r) => ({
      profileId: r.id,
      nickname: r.name,
      score: Number(r.score),
      reachedAt: Number(r.at),
    }));
    return {
      takenAt: Date.now(),
      rows: standings,
      index: new Map(standings.map((s, i) => [s.profileId, i])),
    };
  }
}
