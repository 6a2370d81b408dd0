import { sql } from 'drizzle-orm';
import { isoWeekStart, type BoardType } from '@aleph/rules';
import type { Executor } from '../../db/client.js';

/** Adds to a player's score on a weekly board, in the transaction that earned it. */
export async function addBoardScore(
  tx: Executor,
  board: BoardType,
  profileId: number,
  points: number,
  at: Date,
) {
  if (points <= 0) return;
  const week = new Date(isoWeekStart(at.getTime()));
  await tx.execute(sql`
    insert into board_scores (board, week_start, profile_id, score, reached_at)
    values (${board}, ${week}, ${profileId}, ${points}, ${at})
    on conflict (board, week_start, profile_id) do update
      set score = board_scores.score + excluded.score, reached_at = excluded.reached_at,
        changed_xid = pg_current_xact_id()`);
}
