import { sql } from 'drizzle-orm';
import type { FrameName, RatingRow } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';

/** A rating row as read, before it has a place. */
export type Ranked = Omit<RatingRow, 'place'>;

export interface SnapshotOptions {
  /** How old a snapshot may be before the next request takes a new one (docs/api.md, Records). */
  maxAgeMs: number;
  /** Players whose rows (nickname, level, frame) are kept: the first pages. */
  rows: number;
  /** Players whose (power, id) are kept, to place a caller without counting in the database. */
  keys: number;
}

export const RATING_SNAPSHOT: SnapshotOptions = { maxAgeMs: 5_000, rows: 2_000, keys: 200_000 };

interface Snapshot {
  takenAt: number;
  rows: Ranked[];
  powers: Float64Array;
  ids: Int32Array;
  /** Indexes into powers/ids, sorted by id: where a player stood in the snapshot. */
  byId: Int32Array;
  /** Every player is in `ids` (fewer than `keys`). */
  complete: boolean;
}

/** Rating order: higher power first, the lower id first among equals. Negative: a before b. */
const compare = (pa: number, ia: number, pb: number, ib: number) => (pa !== pb ? pb - pa : ia - ib);

/**
 * The profiles rating as of at most `maxAgeMs` ago, one per server process (docs/performance.md,
 * Records): the first `rows` players' rows, and the first `keys` players' power and id to place
 * the caller. Taken in one transaction (so consistent in itself), lazily: a request in the
 * snapshot's last fifth of its age starts the next one without waiting for it; a request finding
 * it aged (after a quiet spell) waits, with any arriving meanwhile, for that same one. Memory is
 * 12 bytes per key plus the rows; the rest of the rating is read from the database as before.
 */
export class RatingSnapshot {
  private current: Snapshot | null = null;
  private taking: Promise<Snapshot> | null = null;
  taken = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    readonly options: SnapshotOptions = RATING_SNAPSHOT,
  ) {}

  async get(): Promise<Snapshot> {
    const s = this.current;
    const now = this.now();
    const age = s ? now - s.takenAt : Infinity;
    // A clock moved back (tests only) counts as aged too.
    if (s && age >= 0 && age < this.options.maxAgeMs) {
      // In its last fifth the next one is taken behind the answers, so under steady traffic
      // nobody waits for a snapshot; only a request after a quiet spell does.
      if (age >= this.options.maxAgeMs * 0.8) void this.refresh(now).catch(() => undefined);
      return s;
    }
    return this.refresh(now);
  }

  private refresh(now: number): Promise<Snapshot> {
    this.taking ??= this.take(now).finally(() => (this.taking = null));
    return this.taking;
  }

  private async take(now: number): Promise<Snapshot> {
    const { rows: keepRows, keys } = this.options;
    // Two reads of `profiles_power_rank_idx` (the keys index-only) in one repeatable-read
    // transaction, so rows and keys are the same moment's; one statement numbering the rows
    // made the planner sort the whole table instead (50 ms against 7 for 10,000 players).
    const [read, top] = await this.db.transaction(
      async (tx) => [
        await queryRows<{ id: number; power: string | number }>(
          tx,
          sql`select id, power from profiles order by power desc nulls last, id limit ${keys}`,
        ),
        await queryRows<{
          id: number;
          power: string | number;
          nickname: string;
          level: number;
          frame: FrameName;
        }>(
          tx,
          sql`select id, nickname, level, power, frame from profiles
              order by power desc nulls last, id limit ${keepRows}`,
        ),
      ],
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const powers = new Float64Array(read.length);
    const ids = new Int32Array(read.length);
    const rows: Ranked[] = [];
    read.forEach((r, i) => {
      powers[i] = Number(r.power);
      ids[i] = r.id;
    });
    for (const r of top)
      rows.push({
        profileid: r.id,
        nickname: r.nickname,
        level: r.level,
        power: Number(r.power),
        frame: r.frame,
      });
    const byId = Int32Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!);
    const snapshot = { takenAt: now, rows, powers, ids, byId, complete: read.length < keys };
    this.current = snapshot;
    this.taken += 1;
    return snapshot;
  }
}

/** The first snapshot row ranked after (power, id): where a page after that cursor starts. */
export function rowsAfter(s: Snapshot, power: number, id: number): number {
  let lo = 0;
  let hi = s.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = s.rows[mid]!;
    if (compare(r.power, r.profileid, power, id) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How many players rank above (power, id) in the snapshot, not counting that player's own
 * entry there (their power may have changed since); null when the snapshot stops before them
 * (then only the database can count).
 */
export function playersAbove(s: Snapshot, power: number, id: number): number | null {
  const n = s.ids.length;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compare(s.powers[mid]!, s.ids[mid]!, power, id) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (lo === n && !s.complete) return null;
  // The player's own (older) entry, if it ranks above their current power, is not above them.
  let a = 0;
  let b = n;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (s.ids[s.byId[mid]!]! < id) a = mid + 1;
    else b = mid;
  }
  const own = a < n && s.ids[s.byId[a]!] === id ? s.byId[a]! : -1;
  return own >= 0 && own < lo ? lo - 1 : lo;
}
