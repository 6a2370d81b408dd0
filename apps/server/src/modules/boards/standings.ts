import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { BoardName, FrameName } from '@aleph/contracts';
import { compareBoardKeys } from '@aleph/rules';
import { preparedRows, queryRows, type Db } from '../../db/client.js';

export interface Standing {
  profileId: number;
  nickname: string;
  /** The avatar frame the player wears (docs/game-rules.md, Profile frames). */
  frame: FrameName;
  /** The tag of the player's alliance, null when in none. */
  tag: string | null;
  score: number;
  reachedAt: number;
}

/** How many leading rows a snapshot keeps with their players' names by default (the board shows 100). */
const TOP_ROWS = 100;
/** A full re-read this often also drops rows that were deleted (a removed player). */
const FULL_READ_MS = 60_000;

/** Profile ids, scores and reach times (epoch ms) in board order. */
interface Columns {
  ids: Int32Array;
  scores: Float64Array;
  ats: Float64Array;
}

/** A board's whole order for one week, as three parallel sorted columns. */
export class Snapshot {
  constructor(
    readonly takenAt: number,
    readonly columns: Columns,
    /** The leading standings, with names. */
    readonly top: readonly Standing[],
  ) {}

  private get ids() {
    return this.columns.ids;
  }
  private get scores() {
    return this.columns.scores;
  }
  private get ats() {
    return this.columns.ats;
  }

  /** True when row i ranks ahead of (score, at, id): more points, then earlier, then lower id. */
  private ahead(i: number, score: number, at: number, id: number): boolean {
    return compareBoardKeys(this.scores[i]!, this.ats[i]!, this.ids[i]!, score, at, id) < 0;
  }

  /**
   * Where a player's row stands (0 = first), found by binary search on its current values; -1
   * when this snapshot holds other values for them (their score changed since it was taken).
   */
  positionOf(profileId: number, score: number, reachedAt: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ahead(mid, score, reachedAt, profileId)) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.ids.length &&
      this.ids[lo] === profileId &&
      this.scores[lo] === score &&
      this.ats[lo] === reachedAt
      ? lo
      : -1;
  }

  /** This snapshot with `changed` rows put in their new places (a row per player, at most). */
  merged(changed: readonly Row[]): Columns {
    const gone = new Set(changed.map((r) => r.id));
    const fresh = [...changed].sort(compareRows);
    const n = this.ids.length;
    let kept = 0;
    for (let i = 0; i < n; i++) if (!gone.has(this.ids[i]!)) kept++;
    const size = kept + fresh.length;
    const ids = new Int32Array(size);
    const scores = new Float64Array(size);
    const ats = new Float64Array(size);
    let i = 0;
    let j = 0;
    for (let k = 0; k < size; k++) {
      while (i < n && gone.has(this.ids[i]!)) i++;
      const f = fresh[j];
      if (i < n && (!f || this.ahead(i, f.score, f.at, f.id))) {
        ids[k] = this.ids[i]!;
        scores[k] = this.scores[i]!;
        ats[k] = this.ats[i]!;
        i++;
      } else {
        ids[k] = f!.id;
        scores[k] = f!.score;
        ats[k] = f!.at;
        j++;
      }
    }
    return { ids, scores, ats };
  }
}

interface Row {
  id: number;
  score: number;
  at: number;
}

/** The rules' board order (packages/rules boards.ts). */
const compareRows = (a: Row, b: Row): number =>
  compareBoardKeys(a.score, a.at, a.id, b.score, b.at, b.id);

interface Entry {
  /** The ISO week start (epoch ms) this entry's order is of. */
  week: number;
  current: Promise<Snapshot>;
  refreshing?: Promise<void>;
  /** Every transaction below this one had finished before the last read began. */
  xmin: string;
  fullAt: number;
}

/**
 * A board's full order for one week, kept per process for `ttlMs` (one second by default):
 * every player's rank is then a binary search instead of a count over thousands of rows.
 *
 * After the first read only rows written since are re-read: each row carries the id of the
 * transaction that last wrote it (migration 0009), and a read remembers the oldest
 * transaction still running when it began; every older one had finished and was visible to
 * it, so the next read asks for rows written by that transaction or a newer one. A full
 * re-read once a minute drops rows that were deleted.
 *
 * A snapshot older than the TTL is refreshed in the background while requests are answered
 * from it, so other players' rows may be up to about two TTLs old; the caller's own row is
 * checked against their current score on every request, so a player always sees their own
 * rank exactly. A TTL of 0 re-reads before answering (tests).
 */
export class Standings {
  /** One entry per board: this week's order (a new week replaces the board's last one). */
  private readonly entries = new Map<BoardName, Entry>();
  private readonly topRows: number;
  private readonly fullReadMs: number;
  private readonly onRead: (board: BoardName, kind: 'full' | 'changed') => void;
  constructor(
    private readonly ttlMs: number,
    options: {
      /** How many leading rows carry names: the longest board a caller asks for. */
      topRows?: number;
      /** How often a refresh re-reads every row instead of the changed ones. */
      fullReadMs?: number;
      /** Told of each read of a board's rows from the database: all of them, or the changed ones. */
      onRead?: (board: BoardName, kind: 'full' | 'changed') => void;
    } = {},
  ) {
    this.topRows = options.topRows ?? TOP_ROWS;
    this.fullReadMs = options.fullReadMs ?? FULL_READ_MS;
    this.onRead = options.onRead ?? (() => undefined);
  }

  async get(db: Db, board: BoardName, week: Date): Promise<Snapshot> {
    const entry = this.entries.get(board);
    if (entry && entry.week === week.getTime()) {
      const snap = await entry.current;
      // Older than the TTL: one refresh starts in the background while this request is
      // answered from the snapshot at hand, so no player waits for the re-read.
      if (performance.now() - snap.takenAt >= this.ttlMs && !entry.refreshing) {
        entry.refreshing = this.refresh(db, board, week, entry, snap)
          .catch(() => undefined)
          .finally(() => {
            entry.refreshing = undefined;
          });
        if (this.ttlMs === 0) await entry.refreshing;
      }
      return entry.current;
    }
    // The first read of this board for this week: every request that arrives while it runs
    // waits for it. A board's older week is dropped; the other board's entry is not touched
    // (the dashboard shows both, so dropping it would make their readers rebuild in turn).
    const created: Entry = {
      week: week.getTime(),
      current: Promise.resolve(emptySnapshot()),
      xmin: '0',
      fullAt: 0,
    };
    created.current = this.full(db, board, week, created);
    this.entries.set(board, created);
    created.current.catch(() => {
      if (this.entries.get(board) === created) this.entries.delete(board);
    });
    return created.current;
  }

  private async refresh(db: Db, board: BoardName, week: Date, entry: Entry, snap: Snapshot) {
    if (performance.now() - entry.fullAt >= this.fullReadMs) {
      const fresh = await this.full(db, board, week, entry);
      entry.current = Promise.resolve(fresh);
      return;
    }
    const xmin = await oldestRunning(db);
    this.onRead(board, 'changed');
    const changed = await readRows(db, board, week, entry.xmin);
    const columns = changed.length === 0 ? snap.columns : snap.merged(changed);
    const top = await withNames(db, columns, this.topRows);
    entry.xmin = xmin;
    entry.current = Promise.resolve(new Snapshot(performance.now(), columns, top));
  }

  private async full(db: Db, board: BoardName, week: Date, entry: Entry): Promise<Snapshot> {
    const xmin = await oldestRunning(db);
    this.onRead(board, 'full');
    const rows = (await readRows(db, board, week, null)).sort(compareRows);
    const columns: Columns = {
      ids: Int32Array.from(rows, (r) => r.id),
      scores: Float64Array.from(rows, (r) => r.score),
      ats: Float64Array.from(rows, (r) => r.at),
    };
    const top = await withNames(db, columns, this.topRows);
    entry.xmin = xmin;
    entry.fullAt = performance.now();
    return new Snapshot(performance.now(), columns, top);
  }
}

const emptySnapshot = () =>
  new Snapshot(
    0,
    { ids: new Int32Array(0), scores: new Float64Array(0), ats: new Float64Array(0) },
    [],
  );

/** The oldest transaction still running (or the next one to start when none is). */
async function oldestRunning(db: Db): Promise<string> {
  const [row] = await queryRows<{ x: string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as x`,
  );
  return row!.x;
}

/**
 * The board's rows, or only those written by transaction `since` or a newer one. Numbers and
 * epoch milliseconds come out of PostgreSQL as float8 (exact for these), so the rows cost no
 * Date or numeric-string parsing; milliseconds are floored, as a JavaScript Date's are.
 */
async function readRows(db: Db, board: BoardName, week: Date, since: string | null) {
  const rows =
    since === null
      ? await preparedRows<Row>(
          db,
          'board_rows',
          sql`select b.profile_id as id, b.score::float8 as score,
                     floor(extract(epoch from b.reached_at) * 1000)::float8 as at
              from board_scores b where b.board = ${board} and b.week_start = ${week}`,
        )
      : await preparedRows<Row>(
          db,
          'board_rows_since',
          sql`select b.profile_id as id, b.score::float8 as score,
                     floor(extract(epoch from b.reached_at) * 1000)::float8 as at
              from board_scores b where b.board = ${board} and b.week_start = ${week}
                and b.changed_xid >= ${since}::xid8`,
        );
  return rows.map((r) => ({ id: r.id, score: Number(r.score), at: Number(r.at) }));
}

/** The leading rows with their players' current names (read each time: names can change). */
async function withNames(
  db: Db,
  { ids, scores, ats }: Columns,
  topRows: number,
): Promise<Standing[]> {
  const n = Math.min(topRows, ids.length);
  if (n === 0) return [];
  const lead = Array.from(ids.subarray(0, n));
  const names = new Map(
    (
      await preparedRows<{ id: number; nickname: string; frame: FrameName; tag: string | null }>(
        db,
        'board_top_names_frames_tags',
        sql`select p.id, p.nickname, p.frame, a.tag from profiles p
            left join alliance_members m on m.profile_id = p.id
            left join alliances a on a.id = m.alliance_id
            where p.id = any(${`{${lead.join(',')}}`}::int[])`,
      )
    ).map((r) => [r.id, r]),
  );
  return lead.map((profileId, i) => ({
    profileId,
    nickname: names.get(profileId)?.nickname ?? '',
    frame: names.get(profileId)?.frame ?? 'none',
    tag: names.get(profileId)?.tag ?? null,
    score: scores[i]!,
    reachedAt: ats[i]!,
  }));
}
