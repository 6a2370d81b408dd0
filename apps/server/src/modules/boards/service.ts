import { sql } from 'drizzle-orm';
import { isoWeekStart } from '@aleph/rules';
import { BOARD_NAMES, type BoardName, type BoardResponse, type BoardRow } from '@aleph/contracts';
import { preparedRows, queryRows, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { uncached, type Cached } from '../../lib/profile-cache.js';
import { SharedHead } from '../../lib/shared-head.js';
import { requireFeatureAt } from '../../core/gates.js';
import type { Snapshot, Standing, Standings } from './standings.js';

const GATE: Record<BoardName, 'profileLevel1' | 'profileLevel2'> = {
  TOP_XP_GAINERS: 'profileLevel1',
  TOP_GOLD_CLAIMERS: 'profileLevel2',
};

export function boardName(raw: string): BoardName {
  const name = raw.toUpperCase();
  if (!(BOARD_NAMES as readonly string[]).includes(name))
    throw notFound(`There is no board ${raw}.`, 'BOARD_NOT_FOUND');
  return name as BoardName;
}

interface RankedRow {
  rank: string | number;
  profile_id: number;
  nickname: string;
  frame: BoardRow['frame'];
  score: string | number;
  tag: string | null;
}

const toRow = (r: RankedRow): BoardRow => ({
  rank: Number(r.rank),
  profileid: r.profile_id,
  profilename: r.nickname,
  frame: r.frame,
  score: Number(r.score),
  tag: r.tag,
});

/**
 * This ISO week's board: ranked by score, then by who reached it first, then by profile id
 * (so equal scores never share or swap a rank). The caller's own row comes with it even
 * outside the top 100, and is always exact (see Standings).
 */
async function readBoard(
  db: Db,
  standings: Standings,
  board: BoardName,
  viewer: { profileId: number; level: number },
  now: Date,
  limit = 100,
  cached: Cached = uncached,
): Promise<{ response: BoardResponse; head: SharedHead }> {
  requireFeatureAt(viewer.level, GATE[board]);
  const profileId = viewer.profileId;
  const week = new Date(isoWeekStart(now.getTime()));
  const snapshot = await standings.get(db, board, week);
  const top = topOf(snapshot, board, week, limit);
  const response: BoardResponse = {
    board,
    weekStart: week.toISOString(),
    data: top.rows,
    profileData: await ownRow(db, snapshot, board, week, profileId, cached),
  };
  return { response, head: top.head };
}

export async function lastBoard(...args: Parameters<typeof readBoard>): Promise<BoardResponse> {
  return (await readBoard(...args)).response;
}

/**
 * The top rows of a snapshot, and the answer's JSON up to the caller's own row, built (and
 * serialised, and compressed) once per snapshot rather than once per request: every player
 * reads the same hundred rows.
 */
const tops = new WeakMap<object, Map<number, { rows: BoardRow[]; head: SharedHead }>>();
function topOf(snapshot: Snapshot, board: BoardName, week: Date, limit: number) {
  let byLimit = tops.get(snapshot);
  if (!byLimit) tops.set(snapshot, (byLimit = new Map()));
  let top = byLimit.get(limit);
  if (!top) {
    const rows = snapshot.top.slice(0, limit).map((s, i) => toBoardRow(s, i + 1));
    const head = new SharedHead(
      `{"board":${JSON.stringify(board)},"weekStart":${JSON.stringify(week.toISOString())},` +
        `"data":${JSON.stringify(rows)},"profileData":`,
    );
    byLimit.set(limit, (top = { rows, head }));
  }
  return top;
}

/** The board as JSON: the shared head (everything but the caller's row), and the rest. */
export async function lastBoardAnswer(
  ...args: Parameters<typeof readBoard>
): Promise<{ head: SharedHead; tail: string }> {
  const { response, head } = await readBoard(...args);
  return { head, tail: `${JSON.stringify(response.profileData)}}` };
}

const toBoardRow = (s: Standing, rank: number): BoardRow => ({
  rank,
  profileid: s.profileId,
  profilename: s.nickname,
  frame: s.frame,
  score: s.score,
  tag: s.tag,
});

/** The caller's row: from the snapshot when their score is unchanged, else counted afresh. */
async function ownRow(
  db: Db,
  snapshot: Snapshot,
  board: BoardName,
  week: Date,
  profileId: number,
  cached: Cached,
) {
  // The caller's own score row is theirs (versioned); their rank depends on others, so it
  // comes from the snapshot or is counted afresh, never from the profile cache.
  const [mine] = await cached(`board:${board}:${week.getTime()}`, () =>
    preparedRows<RankedRow & { reached_at: string | Date }>(
      db,
      'board_own_row_tag',
      sql`select b.profile_id, p.nickname, p.frame, b.score, b.reached_at, 0 as rank, a.tag
          from board_scores b join profiles p on p.id = b.profile_id
          left join alliance_members m on m.profile_id = p.id
          left join alliances a on a.id = m.alliance_id
          where b.board = ${board} and b.week_start = ${week} and b.profile_id = ${profileId}`,
    ),
  );
  if (!mine) return null;
  const score = Number(mine.score);
  const at = snapshot.positionOf(profileId, score, new Date(mine.reached_at).getTime());
  if (at >= 0) {
    return toRow({ ...mine, score, rank: at + 1 });
  }
  const [ahead] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from board_scores o
        where o.board = ${board} and o.week_start = ${week}
          and (o.score > ${mine.score} or (o.score = ${mine.score} and (o.reached_at < ${mine.reached_at}
               or (o.reached_at = ${mine.reached_at} and o.profile_id < ${profileId}))))`,
  );
  return toRow({ ...mine, rank: Number(ahead?.n ?? 0) + 1 });
}
