import { sql } from 'drizzle-orm';
import type { FrameName, RatingPage, RatingQuery, RatingRow } from '@aleph/contracts';
import { RECORDS_CONFIG } from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { playersAbove, rowsAfter, type Ranked, type RatingSnapshot } from './rating-snapshot.js';

interface Row {
  id: number;
  nickname: string;
  level: number;
  power: string | number;
  frame: FrameName;
}

const COLUMNS = sql`id, nickname, level, power, frame`;

const ranked = (r: Row): Ranked => ({
  profileid: r.id,
  nickname: r.nickname,
  level: r.level,
  power: Number(r.power),
  frame: r.frame,
});

/**
 * The all-time rating (docs/game-rules.md, Profiles rating): every player by power, highest
 * first, the lower id first among equals. The first pages come from the process's snapshot
 * (at most a few seconds old, docs/api.md, Records); pages past it are walked by keyset on
 * `profiles_power_rank_idx`, whose order is `power desc nulls last` (the order by says so too,
 * or the planner sorts the table). The cursor carries the last row's power, id and place, so
 * places need no counting. The caller's own row is read each time (exact); their place is the
 * players the snapshot ranks above them, or counted on the same index when it stops before them.
 */
export async function ratingPage(
  db: Executor,
  snapshots: RatingSnapshot,
  profileId: number,
  query: RatingQuery,
): Promise<RatingPage> {
  const limit = query.limit ?? RECORDS_CONFIG.ratingPage.defaultLimit;
  const after = query.cursor ? decodeCursor(query.cursor, ['amount', 'id', 'place']) : null;
  const [snapshot, [me]] = await Promise.all([
    snapshots.get(),
    queryRows<Row>(db, sql`select ${COLUMNS} from profiles where id = ${profileId}`),
  ]);
  if (!me) throw notFound('Profile not found');
  const start = after ? rowsAfter(snapshot, after[0], after[1]) : 0;
  const allRows = snapshot.complete && snapshot.rows.length === snapshot.ids.length;
  const rows =
    start + limit + 1 <= snapshot.rows.length || allRows
      ? snapshot.rows.slice(start, start + limit + 1)
      : (
          await queryRows<Row>(
            db,
            after
              ? sql`select ${COLUMNS} from profiles
                  where power <= ${after[0]} and (power < ${after[0]} or id > ${after[1]})
                  order by power desc nulls last, id limit ${limit + 1}`
              : sql`select ${COLUMNS} from profiles order by power desc nulls last, id limit ${limit + 1}`,
          )
        ).map(ranked);
  const first = after ? after[2] + 1 : 1;
  const page: RatingRow[] = rows.slice(0, limit).map((r, i) => ({ place: first + i, ...r }));
  const last = page[page.length - 1];
  const mine = ranked(me);
  let above = playersAbove(snapshot, mine.power, mine.profileid);
  if (above === null) {
    const [count] = await queryRows<{ above: number }>(
      db,
      sql`select count(*)::int as above from profiles
          where power >= ${mine.power} and (power > ${mine.power} or id < ${mine.profileid})`,
    );
    above = count!.above;
  }
  return {
    rows: page,
    next:
      rows.length > limit && last ? encodeCursor([last.power, last.profileid, last.place]) : null,
    me: { place: above + 1, ...mine },
  };
}
