import { sql } from 'drizzle-orm';
import { isoWeekStart, type BoardType } from '@aleph/rules';
import type { Executor } from '../db/client.js';
import { jsonRows } from './json-rows.js';

/** The boards whose points also count for the player's alliance (alliance_scores). */
const ALLIANCE_XP: BoardType = 'TOP_XP_GAINERS';
const ALLIANCE_GOLD: BoardType = 'TOP_GOLD_CLAIMERS';

export interface BoardPoints {
  board: BoardType | string;
  profileId: number;
  points: number;
  /** When the points were earned: it picks the ISO week and dates the score. */
  at: Date;
}

/** Points for one board, player and week gathered into one row before they are written. */
export class BoardTally {
  private readonly rows = new Map<string, BoardPoints & { week: Date }>();

  add(p: BoardPoints): void {
    if (p.points <= 0) return;
    const week = new Date(isoWeekStart(p.at.getTime()));
    const key = `${p.board}|${week.getTime()}|${p.profileId}`;
    const row = this.rows.get(key);
    if (!row) {
      this.rows.set(key, { ...p, week });
      return;
    }
    row.points += p.points;
    if (p.at > row.at) row.at = p.at;
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * The one writer of `board_scores` and `alliance_scores`, in the caller's transaction, one
   * statement whatever the count. A score was reached when its latest points were earned, so `reached_at` only moves
   * forward: points dated earlier (a mission settled late, at its ETA) add to the score without
   * making it look reached earlier than it was, which would win it ties it did not win.
   */
  async write(tx: Executor): Promise<void> {
    if (this.rows.size === 0) return;
    const rows = [...this.rows.values()].map((s) => ({
      board: s.board,
      week: s.week.toISOString(),
      profileId: s.profileId,
      points: s.points,
      at: s.at.toISOString(),
    }));
    // The alliance board and goal (alliance_scores) in the same statement: XP and claimed gold
    // count for the alliance the player is a member of now; a player in none adds nothing.
    await tx.execute(sql`with v as (
        select * from jsonb_to_recordset(${jsonRows(rows)})
          as v(board text, week timestamptz, "profileId" int, points bigint, at timestamptz)),
      boards as (
        insert into board_scores (board, week_start, profile_id, score, reached_at)
        select board, week, "profileId", points, at from v
        on conflict (board, week_start, profile_id) do update
          set score = board_scores.score + excluded.score,
              reached_at = greatest(board_scores.reached_at, excluded.reached_at),
              changed_xid = pg_current_xact_id())
      insert into alliance_scores (alliance_id, week_start, profile_id, xp, gold)
      select m.alliance_id, v.week, v."profileId",
        sum(case when v.board = ${ALLIANCE_XP} then v.points else 0 end),
        sum(case when v.board = ${ALLIANCE_GOLD} then v.points else 0 end)
      from v join alliance_members m on m.profile_id = v."profileId"
      where v.board in (${ALLIANCE_XP}, ${ALLIANCE_GOLD})
      group by m.alliance_id, v.week, v."profileId"
      on conflict (alliance_id, week_start, profile_id) do update
        set xp = alliance_scores.xp + excluded.xp, gold = alliance_scores.gold + excluded.gold`);
  }
}

/** Adds to a player's score on a weekly board, in the transaction that earned it. */
export async function addBoardScore(
  tx: Executor,
  board: BoardType,
  profileId: number,
  points: number,
  at: Date,
) {
  const tally = new BoardTally();
  tally.add({ board, profileId, points, at });
  await tally.write(tx);
}
