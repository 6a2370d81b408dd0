import { eq, sql } from 'drizzle-orm';
import { profileLevelUp } from '@aleph/rules';
import type { WorkflowResponse } from '@aleph/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { profiles, workflows } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { countAndNotify } from '../../core/achievements.js';
import { ChangeBook } from '../../core/change-book.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { writeMessages } from '../../core/inbox.js';

const TYPE = 'PROFILELEVELUP';

/**
 * Starts a level-up: checks now that the XP suffices, and records a pending workflow that the
 * worker runs apart from this request. A second start while one is pending returns that one.
 */
export async function startLevelUp(
  db: Db,
  profileId: number,
  now: Date,
): Promise<WorkflowResponse> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [p] = await tx
        .select({ level: profiles.level, xp: profiles.xp })
        .from(profiles)
        .where(eq(profiles.id, profileId))
        .for('update');
      if (!p) throw notFound('Profile not found');
      const [pending] = await queryRows<{ id: number; target_level: number }>(
        tx,
        sql`select id, target_level from workflows
            where profile_id = ${profileId} and type = ${TYPE} and status = 'pending'`,
      );
      if (pending) {
        return {
          ok: true,
          workflowid: pending.id,
          wftype: TYPE,
          status: 'pending',
          targetLevel: pending.target_level,
        };
      }
      const check = profileLevelUp(p.level, p.xp);
      if (!check.ok) throw new AppError(409, check.code, check.message);
      const [row] = await tx
        .insert(workflows)
        .values({
          profileId,
          type: TYPE,
          status: 'pending',
          targetLevel: p.level + 1,
          createdAt: now,
        })
        .returning({ id: workflows.id });
      if (!row) throw new Error('workflow insert returned no row');
      return {
        ok: true as const,
        workflowid: row.id,
        wftype: TYPE,
        status: 'pending',
        targetLevel: p.level + 1,
      };
    }),
  );
}

interface PendingRow {
  id: number;
  profile_id: number;
  target_level: number;
}

/** Re-checks the XP at run time; a run whose level moved on, or whose XP no longer suffices, fails. */
async function runOne(tx: Tx, wf: PendingRow, now: Date) {
  const [p] = await tx
    .select({ level: profiles.level, xp: profiles.xp })
    .from(profiles)
    .where(eq(profiles.id, wf.profile_id))
    .for('update');
  const finish = (status: 'done' | 'failed', result: string) =>
    tx.update(workflows).set({ status, finishedAt: now, result }).where(eq(workflows.id, wf.id));
  if (!p || p.level !== wf.target_level - 1)
    return finish('failed', 'The level changed before the workflow ran.');
  const outcome = profileLevelUp(p.level, p.xp);
  if (!outcome.ok) return finish('failed', outcome.message);
  const [raised] = await tx
    .update(profiles)
    .set({ level: outcome.level })
    .where(eq(profiles.id, wf.profile_id))
    .returning({
      gold: profiles.gold,
      platinum: profiles.platinum,
      xp: profiles.xp,
      level: profiles.level,
    });
  // The player's open pages learn the new level, and of the report, at once.
  const events = new PlayerEvents();
  if (raised) events.profileChanged(wf.profile_id, raised);
  await writeMessages(
    tx,
    [
      {
        profileId: wf.profile_id,
        subject: outcome.report.subject,
        body: outcome.report.body,
        kind: 'levelup',
        at: now,
      },
    ],
    { events },
  );
  await writeEvents(tx, events, now);
  // The level is an achievement metric; what it earns is booked and reported here.
  const book = new ChangeBook();
  const metric = 'profile_level';
  await countAndNotify(
    tx,
    book,
    [{ profileId: wf.profile_id, metric, amount: outcome.level }],
    now,
  );
  await book.flush(tx, { at: now });
  return finish('done', `Level ${outcome.level}`);
}

/** Runs pending workflows (all, or one profile's); safe with several workers (SKIP LOCKED). */
export async function runPendingWorkflows(
  db: Db,
  now: Date,
  limit = 100,
  profileId?: number,
): Promise<number> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const rows = await queryRows<PendingRow>(
        tx,
        profileId === undefined
          ? sql`select id, profile_id, target_level from workflows where status = 'pending'
                order by created_at, id limit ${limit} for update skip locked`
          : sql`select id, profile_id, target_level from workflows
                where status = 'pending' and profile_id = ${profileId}
                order by created_at, id limit ${limit} for update`,
      );
      for (const wf of rows) await runOne(tx, wf, now);
      return rows.length;
    }),
  );
}
