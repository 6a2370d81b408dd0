import { sql } from 'drizzle-orm';
import {
  StaffErrorCode,
  type ReportQueue,
  type ReportStatus,
  type ResolveReportBody,
} from '@aleph/contracts';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeMessages } from '../../core/inbox.js';
import { recordStaffAction } from '../../core/staff-log.js';
import { plainTextToHtml } from '../../modules/messages/announce.js';
import { STAFF_SENDER, type Staff } from './accounts.js';
import { readReports } from './players.js';

/** At most this many targets, and reports of each, in one answer of the queue. */
const MAX_GROUPS = 100;
const MAX_PER_GROUP = 50;

/**
 * The queue (`GET /diwan/reports?status=`): the reports of one status grouped by target, the
 * group with the oldest report first (open reports by default).
 */
export async function reportQueue(db: Executor, status: ReportStatus): Promise<ReportQueue> {
  const groups = await queryRows<{
    target_id: number;
    login: string;
    nickname: string;
    count: number;
    oldest: Date | string;
  }>(
    db,
    sql`select r.target_id, u.login, p.nickname, count(*)::int as count, min(r.created_at) as oldest
      from reports r join users u on u.id = r.target_id join profiles p on p.id = r.target_id
      where r.status = ${status}
      group by r.target_id, u.login, p.nickname
      order by min(r.created_at), r.target_id limit ${MAX_GROUPS}`,
  );
  const ids = groups.map((g) => Number(g.target_id));
  const reports =
    ids.length === 0
      ? []
      : await readReports(
          db,
          sql`r.status = ${status} and r.target_id = any(${`{${ids.join(',')}}`}::int[])`,
          sql`order by r.created_at, r.id`,
        );
  return {
    groups: groups.map((g) => ({
      targetId: Number(g.target_id),
      targetLogin: g.login,
      targetNickname: g.nickname,
      count: Number(g.count),
      oldest: new Date(g.oldest).toISOString(),
      reports: reports.filter((r) => r.targetId === Number(g.target_id)).slice(0, MAX_PER_GROUP),
    })),
  };
}

/**
 * Resolves (with the staff-log row of the action taken, if any) or dismisses an open report;
 * 409 REPORT_HANDLED when it no longer is open. The reporter is told that staff handled it,
 * not what they did.
 */
export async function handleReport(
  db: Db,
  reportId: number,
  outcome: 'resolved' | 'dismissed',
  body: ResolveReportBody,
  staff: Staff,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [report] = await queryRows<{
      reporter_id: number;
      target_id: number;
      status: ReportStatus;
      nickname: string;
    }>(
      tx,
      sql`select r.reporter_id, r.target_id, r.status, p.nickname
        from reports r join profiles p on p.id = r.target_id
        where r.id = ${reportId} for update of r`,
    );
    if (!report) throw notFound('There is no such report.');
    if (report.status !== 'open') {
      throw conflict(StaffErrorCode.reportHandled, 'This report was handled already.');
    }
    const action = body.action ?? null;
    if (action !== null) {
      const named = await queryRows<{ id: number }>(
        tx,
        sql`select id from staff_log where id = ${action}`,
      );
      if (named.length === 0) {
        throw badRequest('VALIDATION_ERROR', 'action is no staff-log row.', 'action');
      }
    }
    const logId = await recordStaffAction(tx, {
      actor: staff.actor,
      action: outcome === 'resolved' ? 'report.resolve' : 'report.dismiss',
      targetUserId: Number(report.target_id),
      reason: staff.reason,
      details: { reportId, reporterId: Number(report.reporter_id), action },
      at: now,
    });
    await tx.execute(sql`update reports set status = ${outcome}, handled_at = ${now},
        handled_by = ${staff.actor.id}, staff_log_id = ${action}
      where id = ${reportId}`);
    await writeMessages(tx, [
      {
        profileId: Number(report.reporter_id),
        subject: 'Your report was handled',
        body: plainTextToHtml(
          `Thank you for your report about ${report.nickname}. Our staff have looked at it and ` +
            'handled it. We do not share what was done, but every report is read.',
        ),
        kind: 'system',
        senderName: STAFF_SENDER,
        at: now,
      },
    ]);
    return logId;
  });
}
