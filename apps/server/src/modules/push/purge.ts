import { sql } from 'drizzle-orm';
import { PUSH_CONFIG } from '@aleph/rules';
import { queryRows, type Db } from '../../db/client.js';

/**
 * Housekeeping: forgets queue rows done longer ago than PUSH_CONFIG.keepMs, and open streams a
 * process stopped refreshing (it died without removing them). Answers the rows deleted.
 */
export async function purgePushQueue(db: Db, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with q as (delete from push_queue where done_at < ${new Date(now.getTime() - PUSH_CONFIG.keepMs)}
          returning 1),
        s as (delete from open_streams where seen_at < ${new Date(now.getTime() - 2 * PUSH_CONFIG.streamStaleMs)}
          returning 1)
        select (select count(*) from q)::int + (select count(*) from s)::int as n`,
  );
  return Number(row?.n ?? 0);
}
