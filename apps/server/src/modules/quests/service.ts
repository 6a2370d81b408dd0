import { sql, type SQL } from 'drizzle-orm';
import {
  pendingQuests,
  questBoard,
  QUEST_RULES,
  type QuestCondition,
  type QuestKey,
  type QuestRule,
} from '@aleph/rules';
import type { QuestBoard } from '@aleph/contracts';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { notFound } from '../../lib/errors.js';
import { ChangeBook } from '../../core/change-book.js';

interface QuestState {
  dismissed: boolean;
  level: number;
  marketSeen: boolean;
  done: QuestKey[];
}

/** The player's row and their completed goals: one primary-key read and one index range. */
async function questState(db: Executor, profileId: number): Promise<QuestState> {
  const [row] = await queryRows<{
    dismissed: boolean;
    level: number;
    market_seen: boolean;
    done: QuestKey[] | null;
  }>(
    db,
    sql`select p.quests_dismissed_at is not null as dismissed, p.level,
               p.market_seen_at is not null as market_seen,
               (select json_agg(r.goal) from quest_rewards r where r.profile_id = p.id) as done
        from profiles p where p.id = ${profileId}`,
  );
  if (!row) throw notFound('Profile not found');
  return {
    dismissed: row.dismissed,
    level: row.level,
    marketSeen: row.market_seen,
    done: row.done ?? [],
  };
}

/**
 * Whether a goal's fact exists: the profile's own columns are already in `state`; missions and
 * reports are one EXISTS each on a partial index (migration 0013) that holds only what counts.
 */
function conditionMet(profileId: number, state: QuestState, c: QuestCondition): boolean | SQL {
  switch (c.kind) {
    case 'profileLevel':
      return state.level >= c.level;
    case 'marketSeen':
      return state.marketSeen;
    case 'missionSettled':
      return sql`exists (select 1 from missions m where m.profile_id = ${profileId}
                         and m.status = 'settled' and m.type = ${c.missionType})`;
    case 'reportRead':
      return sql`exists (select 1 from messages g where g.profile_id = ${profileId}
                         and g.kind = 'mission' and g.read_at is not null)`;
  }
}

/** The pending goals whose facts exist now, found with one query at most. */
async function metGoals(
  db: Executor,
  profileId: number,
  state: QuestState,
  pending: readonly QuestRule[],
): Promise<QuestKey[]> {
  const met: QuestKey[] = [];
  const checks: Array<{ key: QuestKey; query: SQL }> = [];
  for (const rule of pending) {
    const answer = conditionMet(profileId, state, rule.condition);
    if (answer === true) met.push(rule.key);
    else if (answer !== false) checks.push({ key: rule.key, query: answer });
  }
  if (checks.length === 0) return met;
  const columns = checks.map((c, i) => sql`${c.query} as ${sql.identifier(`c${i}`)}`);
  const [row] = await queryRows<Record<string, boolean>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  checks.forEach((c, i) => {
    if (row?.[`c${i}`]) met.push(c.key);
  });
  return met;
}

/**
 * Records goals as completed and pays their rewards, once: a row per (player, goal) is inserted
 * `on conflict do nothing`, and only the rows this statement inserted are booked, so parallel
 * reads that all saw a goal done pay it once. Answers the goals this call paid.
 */
export async function completeGoals(
  db: Db,
  profileId: number,
  goals: readonly QuestKey[],
  now: Date,
): Promise<QuestKey[]> {
  if (goals.length === 0) return [];
  // Sorted: two parallel inserts take the same keys in the same order and cannot deadlock.
  const keys = [...new Set(goals)].sort();
  return withRetry(() =>
    db.transaction(async (tx) => {
      const inserted = await queryRows<{ goal: QuestKey }>(
        tx,
        sql`insert into quest_rewards (profile_id, goal, completed_at)
            select ${profileId}, g, ${now} from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as g
            on conflict (profile_id, goal) do nothing
            returning goal`,
      );
      if (inserted.length === 0) return [];
      const book = new ChangeBook();
      for (const { goal } of inserted) {
        const rule = QUEST_RULES.find((r) => r.key === goal);
        if (!rule) continue;
        const why = { cause: 'quest', causeId: goal, at: now };
        book.profile(profileId, { gold: rule.reward.gold, xp: rule.reward.xp }, why);
        book.score({ board: 'TOP_XP_GAINERS', profileId, points: rule.reward.xp, at: now });
      }
      await book.flush(tx);
      return inserted.map((r) => r.goal);
    }),
  );
}

function view(done: ReadonlySet<string>, dismissed: boolean, completed: QuestKey[]): QuestBoard {
  const board = questBoard(done, dismissed);
  return {
    ...board,
    goals: board.goals.map((g) => ({ ...g, reward: { ...g.reward } })),
    completed,
  };
}

/**
 * The player's first steps (docs/game-rules.md, First steps). Completion is judged here, when
 * the goals are read, from facts the server stores anyway; nothing is looked for once every
 * goal is done or the card is dismissed.
 */
export async function questsFor(db: Db, profileId: number, now: Date): Promise<QuestBoard> {
  const state = await questState(db, profileId);
  const done = new Set<string>(state.done);
  const pending = pendingQuests(done, state.dismissed);
  if (pending.length === 0) return view(done, state.dismissed, []);
  const met = await metGoals(db, profileId, state, pending);
  const completed = await completeGoals(db, profileId, met, now);
  for (const key of met) done.add(key);
  return view(done, state.dismissed, completed);
}

/** Hides the card for good; a second dismissal keeps the first one's time. */
export async function dismissQuests(db: Db, profileId: number, now: Date): Promise<QuestBoard> {
  await db.execute(
    sql`update profiles set quests_dismissed_at = coalesce(quests_dismissed_at, ${now})
        where id = ${profileId}`,
  );
  const state = await questState(db, profileId);
  return view(new Set(state.done), state.dismissed, []);
}
