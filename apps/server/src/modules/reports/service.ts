import { sql } from 'drizzle-orm';
import { ErrorCode, StaffErrorCode, type ReportBody } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { lockPlayer } from '../../core/land-query.js';
import { quoteOf } from './quote.js';

/** Reports a player may file in any 24 hours. */
export const REPORTS_PER_DAY = 10;
const DAY_MS = 86_400_000;

const reportOpen = () =>
  conflict(
    StaffErrorCode.reportOpen,
    'You have already reported this player; staff will look at it.',
    'profileid',
  );

/**
 * `POST /athar/reports`: a player reports another (docs/api.md, "Reports"). The reporter's
 * profile is locked for the check and the insert, so their reports are counted one at a time:
 * at most REPORTS_PER_DAY in any 24 hours (429 with when to retry), and one open report per
 * target (409 REPORT_OPEN; the partial unique index `reports_open_key` is the last word).
 */
export async function fileReport(
  db: Db,
  reporterId: number,
  body: ReportBody,
  now: Date,
): Promise<number> {
  if (body.profileid === reporterId) {
    throw badRequest(StaffErrorCode.reportSelf, 'You cannot report yourself.', 'profileid');
  }
  const text = body.text?.trim() || null;
  try {
    return await db.transaction(async (tx) => {
      await lockPlayer(tx, reporterId);
      const [target] = await queryRows<{ id: number }>(
        tx,
        sql`select id from users where id = ${body.profileid}`,
      );
      if (!target) throw notFound('There is no such player.');
      const { quote, chatLineId } = await quoteOf(tx, reporterId, body);
      const [day] = await queryRows<{ n: number; oldest: Date | string | null }>(
        tx,
        sql`select count(*)::int as n, min(created_at) as oldest from reports
          where reporter_id = ${reporterId} and created_at > ${new Date(now.getTime() - DAY_MS)}`,
      );
      if (day && day.n >= REPORTS_PER_DAY && day.oldest !== null) {
        const retry = new Date(day.oldest).getTime() + DAY_MS - now.getTime();
        throw new AppError(
          429,
          ErrorCode.rateLimited,
          `You can file ${REPORTS_PER_DAY} reports a day. Please try again later.`,
          undefined,
          { 'retry-after': String(Math.max(1, Math.ceil(retry / 1000))) },
        );
      }
      const open = await queryRows<{ id: number }>(
        tx,
        sql`select id from reports where reporter_id = ${reporterId}
          and target_id = ${body.profileid} and status = 'open'`,
      );
      if (open.length > 0) throw reportOpen();
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into reports
            (reporter_id, target_id, reason, text, message_id, chat_line_id, quote, created_at)
          values (${reporterId}, ${body.profileid}, ${body.reason}, ${text},
            ${body.messageid ?? null}, ${chatLineId}, ${quote}, ${now})
          returning id`,
      );
      return Number(row!.id);
    });
  } catch (err) {
    if (uniqueViolationOf(err) === 'reports_open_key') throw reportOpen();
    throw err;
  }
}
