import { sql, type SQL } from 'drizzle-orm';
import {
  ACHIEVEMENT_METRICS,
  achievementByCode,
  achievementReport,
  achievementsReached,
  combineCounts,
  metricMode,
  Rarity,
  type AchievementMetric,
  type MetricCount,
} from '@aleph/rules';
import { queryRows, type Executor } from '../db/client.js';
import type { ChangeBook } from './change-book.js';
import { writeMessages } from './inbox.js';
import { jsonRows } from './json-rows.js';

export type { AchievementMetric, MetricCount };

/** An inbox message for the caller to write with `writeMessages` (inbox.ts), or countAndNotify. */
export interface AchievementNote {
  profileId: number;
  subject: string;
  body: string;
  kind: 'system';
  at: Date;
}

const MAX_METRICS = Object.keys(ACHIEVEMENT_METRICS).filter(
  (m) => metricMode(m as AchievementMetric) === 'max',
);

/**
 * THE counter of achievement progress (docs/game-rules.md, Achievements: the metric names and
 * who counts what). Call it in the transaction of the change, before `book.flush`:
 *
 *   const notes = await countProgress(tx, book, [{ profileId, metric: 'arena_wins', amount: 1 }], now);
 *   await writeMessages(tx, notes, { events: book.events }); // or countAndNotify, below
 *   await book.flush(tx, { at: now });
 *
 * `sum` metrics add `amount`; `max` metrics keep the highest `amount` reported (pass the value
 * now: lands owned, the best tower). Any number of counts cost one statement (set-based, one
 * row per player and metric, in key order), plus one when a goal is reached: the earning is
 * inserted `on conflict do nothing`, so it happens exactly once whatever runs in parallel, and
 * only the statement that inserted it books its XP into `book` (ledger cause `achievement`)
 * and answers its inbox message. The rarity count (`achievement_earners`) grows with it, by a
 * trigger at the transaction's commit (drizzle/0022), so its hot row is not held until then.
 */
export async function countProgress(
  tx: Executor,
  book: ChangeBook,
  counts: readonly MetricCount[],
  at: Date,
): Promise<AchievementNote[]> {
  const upsert = progressUpsert(counts);
  if (!upsert) return [];
  const values = await queryRows<ProgressValue>(tx, upsert.statement);
  return earnReached(tx, book, upsert, values, at);
}

/**
 * countProgress with its inbox messages written at once, for the changes that count outside a
 * settlement batch (a purchase, a level-up, an arena win).
 * Call before `book.flush`: the XP it books and the `inbox.new` events go out with the flush.
 */
export async function countAndNotify(
  tx: Executor,
  book: ChangeBook,
  counts: readonly MetricCount[],
  at: Date,
): Promise<number> {
  const notes = await countProgress(tx, book, counts, at);
  await writeMessages(tx, notes, { events: book.events });
  return notes.length;
}

/**
 * The `max` metrics of what a player owns (lands, heroes, Legendary heroes), reported after a
 * change of it: three counts by the owner indexes.
 */
export async function countOwned(tx: Executor, book: ChangeBook, profileId: number, at: Date) {
  const [owned] = await queryRows<{ lands: number; heroes: number; legendary: number }>(
    tx,
    sql`select (select count(*) from lands where owner_id = ${profileId})::int as lands,
      (select count(*) from heroes where owner_id = ${profileId})::int as heroes,
      (select count(*) from heroes where owner_id = ${profileId} and rarity = ${Rarity.Legendary})::int as legendary`,
  );
  if (!owned) return 0;
  return countAndNotify(
    tx,
    book,
    [
      { profileId, metric: 'lands_owned', amount: owned.lands },
      { profileId, metric: 'heroes_owned', amount: owned.heroes },
      { profileId, metric: 'legendary_heroes_owned', amount: owned.legendary },
    ],
    at,
  );
}

/** A row `progressUpsert`'s statement answers: the player's metric as it now stands. */
export interface ProgressValue {
  p: number;
  m: AchievementMetric;
  v: number | string;
}

/**
 * countProgress in two parts, for a caller that saves a round trip by running the upsert
 * inside a statement of its own (a CTE, e.g. the arena's battle statement): `statement`
 * answers `ProgressValue` rows; pass them with the upsert to `earnReached`, in the same
 * transaction. Null when nothing is counted.
 */
export function progressUpsert(
  counts: readonly MetricCount[],
): { statement: SQL; combined: MetricCount[] } | null {
  const combined = combineCounts(
    counts.filter((c) => Object.hasOwn(ACHIEVEMENT_METRICS, c.metric)),
  );
  if (combined.length === 0) return null;
  return {
    combined,
    statement: sql`insert into achievement_progress (profile_id, metric, value)
      select p, m, a from jsonb_to_recordset(${jsonRows(combined.map((c) => ({ p: c.profileId, m: c.metric, a: c.amount })))})
        as v(p int, m text, a bigint) order by p, m
      on conflict (profile_id, metric) do update set value = case
        when excluded.metric = any(${`{${MAX_METRICS.join(',')}}`}::text[])
          then greatest(achievement_progress.value, excluded.value)
        else achievement_progress.value + excluded.value end
      returning profile_id as p, metric as m, value as v`,
  };
}

/** The second part of countProgress: earns the goals `values` reached (see countProgress). */
export async function earnReached(
  tx: Executor,
  book: ChangeBook,
  upsert: { combined: readonly MetricCount[] },
  values: readonly ProgressValue[],
  at: Date,
): Promise<AchievementNote[]> {
  const added = new Map(upsert.combined.map((c) => [`${c.profileId}:${c.metric}`, c.amount]));
  const reached = values.flatMap(({ p, m, v }) => {
    const after = Number(v);
    // A sum grew by exactly what was added; a max may have been anything below it.
    const before = metricMode(m) === 'sum' ? after - (added.get(`${p}:${m}`) ?? 0) : 0;
    return achievementsReached(m, before, after).map((def) => ({ p, c: def.code }));
  });
  if (reached.length === 0) return [];
  // By code, then player: the earners trigger fires at commit in this order (migration 0022).
  const earned = await queryRows<{ p: number; c: string }>(
    tx,
    sql`insert into achievements_earned (profile_id, code, earned_at)
        select p, c, ${at} from jsonb_to_recordset(${jsonRows(reached)}) as v(p int, c text) order by c, p
        on conflict do nothing returning profile_id as p, code as c`,
  );
  earned.sort((a, b) => a.p - b.p || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0));
  return earned.map(({ p, c }) => {
    const def = achievementByCode(c)!;
    book.profile(p, { xp: def.xp }, { cause: 'achievement', causeId: c, at });
    return { profileId: p, ...achievementReport(def), kind: 'system' as const, at };
  });
}
